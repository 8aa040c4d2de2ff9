import { Field, ID, Int, ObjectType } from 'type-graphql';
import { answersAs, RatingSystemId } from '../common/enums';
import { Node } from '../node/node.type';

@ObjectType({
  implements: Node,
  description: 'A rating pool (standard, rapid, blitz …), rated by one rating system.',
})
export class Pool {
  @Field(() => ID, { description: 'The pool’s id.' })
  id!: number;

  @Field({ description: "Stable code used in URLs and arguments: 'standard', 'rapid' …" })
  code!: string;

  @Field({
    description: 'Name, in English.',
    deprecationReason: 'Use nameEn: every name given in both languages is nameEn and nameFr.',
  })
  name!: string;

  @Field(() => String, { description: 'Name in French (null: the English name is used).', nullable: true })
  nameFr!: string | null;

  @Field(() => RatingSystemId.type, { description: 'The rating system (see `ratingSystems`).' })
  @answersAs(RatingSystemId)
  ratingSystemId!: string;

  systemParams!: Record<string, unknown>;

  @Field(() => Int, { description: 'Length of a rating period, in months.' })
  periodMonths!: number;

  @Field(() => String, { description: 'What the pool rates, in a sentence (optional).', nullable: true })
  description!: string | null;

  @Field({
    description:
      'Whether TRF imports start the players this pool has never rated from the ratings their files write ' +
      '(off unless set when the pool was created).',
  })
  ratingsFromFile!: boolean;
}
