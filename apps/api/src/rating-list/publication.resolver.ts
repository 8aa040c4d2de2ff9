import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import {
  correctGameResult,
  publishRatingList,
  republishRatingList,
  runRatingPeriod,
  type RatingList as RatingListRow,
} from '@ratings/core';
import { GameResult } from '../common/enums';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { Tournament } from '../tournament/tournament.type';
import { RatingList, RunReport } from './rating-list.type';
import { PUBLICATION_TAGS } from './revalidate';

/**
 * Rating runs, publication and corrections (core's ratings/). A class apart from RatingListResolver so that
 * these mutations follow the tournaments' in the schema, as they always have (resolvers.ts: the schema lists
 * root fields in the order their classes load).
 */
@Resolver()
export class PublicationResolver {
  @Mutation(() => RunReport, {
    description: "Rates a pool's period into a DRAFT list (period = the list's month, YYYY-MM).",
  })
  async runRatingPeriod(
    @Arg('pool', { description: 'Pool code.' }) pool: string,
    @Arg('period', { description: 'The period, YYYY-MM (the month its list takes effect).' }) period: string,
    @Ctx() ctx: ApiContext,
  ): Promise<RunReport> {
    const staff = ctx.staff();
    const report = await ctx.metrics.timeRatingRun(() =>
      runRatingPeriod(ctx.dataSource, { poolCode: pool, period }, staff),
    );
    return { ...report, ...report.period, gameCount: report.games, tournamentCount: report.tournaments };
  }

  @Mutation(() => RatingList, {
    description: 'DRAFT → PUBLISHED: immutable from then on; its tournaments become RATED.',
  })
  async publishRatingList(
    @Arg('id', () => ID, { description: 'The draft list’s id.' }) id: string,
    @Ctx() ctx: ApiContext,
  ): Promise<RatingListRow> {
    const list = await publishRatingList(ctx.dataSource, parseId(id), ctx.staff());
    ctx.siteChanged(PUBLICATION_TAGS);
    return list;
  }

  @Mutation(() => RatingList, {
    description: 'Corrects a published list: a new revision, the old kept, the difference stored.',
  })
  async republishRatingList(
    @Arg('id', () => ID, { description: 'The published list’s id.' }) id: string,
    @Arg('reason', { description: 'Why, shown with the revision.' }) reason: string,
    @Ctx() ctx: ApiContext,
  ): Promise<RatingListRow> {
    const list = await republishRatingList(ctx.dataSource, { listId: parseId(id), reason }, ctx.staff());
    ctx.siteChanged(PUBLICATION_TAGS);
    return list;
  }

  @Mutation(() => Tournament, {
    description: 'Corrects a result of a submitted or rated tournament (republish its list to rate it).',
  })
  async correctGameResult(
    @Arg('game', () => ID, { description: 'The game, by its id in `Tournament.games`.' }) game: string,
    @Arg('result', () => GameResult.type, { description: 'The right result: over the board or by forfeit.' })
    result: string,
    @Arg('reason', { description: 'Why it is corrected (kept in the audit trail).' }) reason: string,
    @Ctx() ctx: ApiContext,
  ) {
    const corrected = await correctGameResult(
      ctx.dataSource,
      { gameId: parseId(game, 'game'), result: GameResult.valueOf(result), reason },
      ctx.staff(),
    );
    return ctx.loaders.tournament.load(corrected.tournamentId);
  }
}
