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

  @Field(() => Int, { description: 'The rating on this list.' })
  rating!: number;

  @Field({ description: 'True while the rating is provisional.' })
  provisional!: boolean;

  @Field({ description: "'~1543' while provisional." })
  display!: string;

  @Field(() => Int, { description: 'Rated games completed in the pool.' })
  gamesTotal!: number;

  @Field(() => Int, {
    description: 'Rated games completed in the pool.',
    deprecationReason: 'Use gamesTotal: a count of games is gamesTotal (or gameCount), `games` a list of games.',
  })
  games!: number;

  @Field(() => Int, { nullable: true, description: 'Change since the previous list (null: not listed then).' })
  change!: number | null;

  @Field({ description: "The first-ranked player of the list: the 'Meilleur joueur' badge." })
  bestPlayer!: boolean;

  @Field(() => Player, { description: 'The player.' })
  player?: Player;

  @Field(() => Category, { description: 'The player’s rating class on this list.' })
  category?: Category;
}

@ObjectType({ description: 'A line of a ranking page, with its cursor.' })
export class RankingEdge {
  @Field({ description: 'Opaque cursor of this line: `after` it starts the next page.' })
  cursor!: string;

  @Field(() => RankingEntry, { description: 'The line.' })
  node!: RankingEntry;
}

@ObjectType({ description: 'A page of a ranking, and the published list it was read from.' })
export class RankingConnection {
  @Field(() => [RankingEdge], { description: 'The lines of this page, best first.' })
  edges!: RankingEdge[];

  @Field(() => PageInfo, { description: 'Where this page stands: the cursors to page on.' })
  pageInfo!: PageInfo;

  @Field(() => Int, { description: 'Lines across all pages (the filters applied).' })
  totalCount!: number;

  @Field(() => RatingList, {
    nullable: true,
    description: 'The list the ranking comes from (null: the pool has no published list).',
  })
  list!: unknown;
}
