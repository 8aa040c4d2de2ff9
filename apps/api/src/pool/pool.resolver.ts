import { Arg, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RatingSystemId } from '../common/enums';
import {
  createPool,
  listChoices,
  listPools,
  nextRunnablePeriod,
  poolCategories,
  type Pool as PoolRow,
} from '@ratings/core';
import { getRatingSystem, systemParameters } from '@ratings/rating-rules';
import { GraphQLJSON } from 'graphql-scalars';
import { Category } from '../common/category.type';
import type { ApiContext } from '../context';
import { RatingList } from '../rating-list/rating-list.type';
import { toRatingSystem } from '../rating-system/rating-system.resolver';
import { RatingSystem } from '../rating-system/rating-system.type';
import { Pool } from './pool.type';

@Resolver(() => Pool)
export class PoolResolver {
  @Query(() => [Pool], { description: 'Every rating pool of the federation.' })
  pools(@Ctx() { db }: ApiContext): Promise<PoolRow[]> {
    return listPools(db);
  }

  @Query(() => Pool, { description: 'A pool by its code; null when unknown.', nullable: true })
  async pool(
    @Arg('code', { description: "Pool code: 'standard', 'rapid' …" }) code: string,
    @Ctx() { db }: ApiContext,
  ): Promise<PoolRow | null> {
    return (await listPools(db)).find((p) => p.code === code) ?? null;
  }

  @Mutation(() => Pool, { description: 'Creates a rating pool (rating officers).' })
  createPool(
    @Arg('code', { description: 'Stable code used in URLs and arguments.' }) code: string,
    @Arg('name', { description: 'Name, in English.' }) name: string,
    @Arg('ratingSystem', () => RatingSystemId.type, { description: 'The rating system (see `ratingSystems`).' })
    ratingSystem: string,
    @Arg('nameFr', () => String, { description: 'Name in French.', nullable: true }) nameFr: string | null,
    @Arg('params', () => GraphQLJSON, {
      description: 'The rating system’s parameters (see `ratingSystems`); absent ones take their defaults.',
      nullable: true,
    })
    systemParams: Record<string, unknown> | null,
    @Arg('periodMonths', () => Int, { description: 'Length of a rating period, in months.', defaultValue: 1 })
    periodMonths: number,
    @Arg('ratingsFromFile', {
      defaultValue: false,
      description: 'TRF imports start the players the pool has never rated from the ratings their files write.',
    })
    ratingsFromFile: boolean,
    @Ctx() ctx: ApiContext,
  ): Promise<PoolRow> {
    return createPool(
      ctx.dataSource,
      {
        code,
        name,
        nameFr,
        ratingSystemId: RatingSystemId.valueOf(ratingSystem),
        systemParams: systemParams ?? {},
        periodMonths,
        ratingsFromFile,
      },
      ctx.staff(),
    );
  }

  @FieldResolver(() => String, { description: 'Name, in English.' })
  nameEn(@Root() pool: PoolRow): string {
    return pool.name;
  }

  @FieldResolver(() => RatingSystem, { description: 'The rating system the pool is rated with.' })
  ratingSystem(@Root() pool: PoolRow): RatingSystem {
    return toRatingSystem(getRatingSystem(pool.ratingSystemId));
  }

  @FieldResolver(() => GraphQLJSON, {
    description: "The system's parameters as configured for this pool, defaults filled in.",
  })
  systemParams(@Root() pool: PoolRow) {
    return systemParameters(pool.ratingSystemId, pool.systemParams);
  }

  @FieldResolver(() => [String], {
    description: 'Clubs of the players on the list in force (for the rankings’ club filter).',
  })
  async clubs(@Root() pool: PoolRow, @Ctx() { db, loaders }: ApiContext) {
    const listId = (await loaders.poolLists.load(pool.id)).inForce;
    return listId === null ? [] : listChoices(db, listId, 'club');
  }

  @FieldResolver(() => [String], { description: 'Federations of the players on the list in force.' })
  async federations(@Root() pool: PoolRow, @Ctx() { db, loaders }: ApiContext) {
    const listId = (await loaders.poolLists.load(pool.id)).inForce;
    return listId === null ? [] : listChoices(db, listId, 'federation');
  }

  @FieldResolver(() => [Category], { description: 'The rating classes rankings of this pool use.' })
  categories(@Root() pool: PoolRow): readonly Category[] {
    return poolCategories(pool);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      'The period (YYYY-MM, the month its list takes effect) the next rating run of this pool rates: the one after ' +
      'its latest published list, `periodMonths` later; before a first list, the one that rates its earliest ' +
      'accepted tournament. Null while the pool has neither a published list nor an accepted tournament.',
  })
  async nextPeriod(@Root() pool: PoolRow, @Ctx() { db }: ApiContext): Promise<string | null> {
    return (await nextRunnablePeriod(db, pool.code)).period?.period ?? null;
  }

  @FieldResolver(() => RatingList, {
    nullable: true,
    description:
      'The list in force today (in the federation’s time zone): the latest published list whose effective date has ' +
      'come, in its latest revision. A list published before its effective date is `upcomingList` until then.',
  })
  async currentList(@Root() pool: PoolRow, @Ctx() { loaders }: ApiContext) {
    const listId = (await loaders.poolLists.load(pool.id)).inForce;
    return listId === null ? null : loaders.list.load(listId);
  }

  @FieldResolver(() => RatingList, {
    nullable: true,
    description:
      'The list published ahead of its effective date, in force from that date (`currentList` until then is the ' +
      'one before it); null when no published list is still to come.',
  })
  async upcomingList(@Root() pool: PoolRow, @Ctx() { loaders }: ApiContext) {
    const listId = (await loaders.poolLists.load(pool.id)).upcoming;
    return listId === null ? null : loaders.list.load(listId);
  }
}
