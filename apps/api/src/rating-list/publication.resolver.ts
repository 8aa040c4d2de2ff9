import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import {
  correctGameResult,
  publishRatingList,
  republishRatingList,
  runRatingPeriod,
  type RatingList as RatingListRow,
} from '@ratings/core';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { Tournament } from '../tournament/tournament.type';
import { notifyPublication } from './revalidate';
import { RatingList, RunReport } from './rating-list.type';

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
    const report = await runRatingPeriod(ctx.dataSource, { poolCode: pool, period }, ctx.staff());
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
    notifyPublication(ctx);
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
    notifyPublication(ctx);
    return list;
  }

  @Mutation(() => Tournament, {
    description: 'Corrects a result of a submitted or rated tournament (republish its list to rate it).',
  })
  async correctGameResult(
    @Arg('game', () => ID, { description: 'The game’s id.' }) game: string,
    @Arg('result', { description: "The result: '1-0', '0-1', '1/2-1/2', forfeits '+/-', '-/+', '-/-'." })
    result: string,
    @Arg('reason', { description: 'Why, kept in the audit trail.' }) reason: string,
    @Ctx() ctx: ApiContext,
  ) {
    const corrected = await correctGameResult(
      ctx.dataSource,
      { gameId: parseId(game, 'game'), result, reason },
      ctx.staff(),
    );
    return ctx.loaders.tournament.load(corrected.tournamentId);
  }
}
