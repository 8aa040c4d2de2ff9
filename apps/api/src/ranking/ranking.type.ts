import { Field, Int, ObjectType } from 'type-graphql';
import { Category } from '../common/category.type';
import { PageInfo } from '../pagination';
import { Player } from '../player/player.type';
import { RatingList } from '../rating-list/rating-list.type';

@ObjectType({ description: 'A line of a ranking.' })
export class RankingEntry {
  playerId!: number;
  poolId!: number;
  categoryCode!: string;

  @Field(() => Int, { description: 'Rank on the whole list (ties share a rank).' })
  rank!: number;

  @Field(() => Int)
  rating!: number;

  @Field()
  provisional!: boolean;

  @Field({ description: "'~1543' while provisional." })
  display!: string;

  @Field(() => Int, { description: 'Rated games completed in the pool.' })
  games!: number;

  @Field(() => Int, { nullable: true, description: 'Change since the previous list (null: not listed then).' })
  change!: number | null;

  @Field({ description: "The first-ranked player of the list: the 'Meilleur joueur' badge." })
  bestPlayer!: boolean;

  @Field(() => Player)
  player?: Player;

  @Field(() => Category)
  category?: Category;
}

@ObjectType()
export class RankingEdge {
  @Field()
  cursor!: string;

  @Field(() => RankingEntry)
  node!: RankingEntry;
}

@ObjectType({ description: 'A page of a ranking, and the published list it was read from.' })
export class RankingConnection {
  @Field(() => [RankingEdge])
  edges!: RankingEdge[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int)
  totalCount!: number;

  @Field(() => RatingList, {
    nullable: true,
    description: 'The list the ranking comes from (null: the pool has no published list).',
  })
  list!: unknown;
}
