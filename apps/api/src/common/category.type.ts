import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A rating class (Grand Maître … Classe J), lower bound inclusive.' })
export class Category {
  @Field({ description: 'Stable code: GM, M, EXPERT, A … J.' })
  code!: string;

  @Field({
    description: 'French name, as players read it: Grand Maître, Maître, Expert, Classe A …',
    deprecationReason: 'Use nameFr: every name given in both languages is nameEn and nameFr.',
  })
  name!: string;

  @Field({ description: 'English name: Grandmaster, Master, Expert, Class A …' })
  nameEn!: string;

  @Field(() => Int, { description: 'Lowest rating of the class (inclusive).' })
  min!: number;

  @Field(() => Int, { nullable: true, description: 'Null for the open top band.' })
  max!: number | null;
}
