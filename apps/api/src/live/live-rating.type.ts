import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'A live (unofficial) rating: the latest published list of a pool with its accepted, not yet published tournaments ' +
    'rated on top, by the same rules as the next run. Not a published rating: never in rankings, exports or histories.',
})
export class LiveRating {
  poolId!: number;
  listId!: number | null;
  tournamentIds!: number[];

  @Field(() => Int, { nullable: true, description: 'The live rating (null: still unrated, e.g. too few games).' })
  rating!: number | null;

  @Field({ description: 'Whether the live rating would be provisional.' })
  provisional!: boolean;

  @Field(() => String, {
    nullable: true,
    description: "The live rating as lists show ratings: '~1543' while provisional.",
  })
  display!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'The official rating it starts from: the latest published list (null: unrated there).',
  })
  officialRating!: number | null;

  @Field(() => String, { nullable: true, description: 'The official rating as the list shows it.' })
  officialDisplay!: string | null;

  @Field(() => Int, { nullable: true, description: 'Live minus official (null when either is unrated).' })
  difference!: number | null;

  @Field(() => Int, { description: 'Games of the pending tournaments rated for the player.' })
  games!: number;

  @Field(() => Date, {
    description: 'When the pool’s live ratings were last computed (an acceptance, a publication …).',
  })
  computedAt!: Date;
}
