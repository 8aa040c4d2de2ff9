import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import {
  addParticipants,
  correctGameResult,
  createApiKey,
  createPlayer,
  createPool,
  createStaffUser,
  createTournament,
  deactivateStaffUser,
  getStaffUser,
  importTrf,
  listAuditEvents,
  login,
  mergePlayers,
  publishRatingList,
  recordGames,
  reopenTournament,
  republishRatingList,
  revokeApiKey,
  runRatingPeriod,
  submitTournament,
  updatePlayer,
  updateTournament,
  authorize,
  type PlayerInput as CorePlayerInput,
  type StaffRole,
  type TournamentDetails,
} from '@ratings/core';
import { GraphQLJSON } from 'graphql-scalars';
import type { ApiContext } from '../context';
import { parseId } from '../ids';
import { Player } from '../player/player.type';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { Tournament } from '../tournament/tournament.type';
import { notifyPublication } from './revalidate';
import { GameInput, ParticipantInput, PlayerInput, TournamentInput } from './staff.inputs';
import { ApiKey, AuditEvent, CreatedApiKey, ImportReport, LoginPayload, RunReport, StaffUser } from './staff.types';

/**
 * Staff mutations: each is the staff check (context.staff(): UNAUTHENTICATED / FORBIDDEN) and one core
 * use case, which checks the role and validates. Nothing else happens here.
 */
@Resolver()
export class StaffResolver {
  @Mutation(() => LoginPayload, {
    description: 'Signs a staff member in. Repeated failures lock the account for a growing delay.',
  })
  login(
    @Arg('email') email: string,
    @Arg('password') password: string,
    @Ctx() { dataSource, config, requestId, viewer }: ApiContext,
  ) {
    return login(dataSource, email, password, { ip: viewer.ip, secret: config.tokenSecret, requestId });
  }

  @Query(() => StaffUser, { description: 'The signed-in staff member.' })
  me(@Ctx() ctx: ApiContext) {
    return getStaffUser(ctx.db, ctx.staff().actor.staffId);
  }

  @Mutation(() => StaffUser, { description: 'ADMIN only.' })
  createStaffUser(
    @Arg('email') email: string,
    @Arg('displayName') displayName: string,
    @Arg('role') role: string,
    @Arg('password') password: string,
    @Ctx() ctx: ApiContext,
  ) {
    return createStaffUser(ctx.dataSource, { email, displayName, role: role as StaffRole, password }, ctx.staff());
  }

  @Mutation(() => StaffUser, { description: 'ADMIN only. The account’s tokens stop working at once.' })
  deactivateStaffUser(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext) {
    return deactivateStaffUser(ctx.dataSource, { staffId: parseId(id) }, ctx.staff());
  }

  @Mutation(() => CreatedApiKey, { description: 'ADMIN only. A read-only key with a quota; the secret is shown once.' })
  createApiKey(
    @Arg('name') name: string,
    @Arg('quotaPerMinute', () => Int) quotaPerMinute: number,
    @Ctx() ctx: ApiContext,
  ) {
    return createApiKey(ctx.dataSource, { name, quotaPerMinute }, ctx.staff());
  }

  @Mutation(() => ApiKey, { description: 'ADMIN only.' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext) {
    return revokeApiKey(ctx.dataSource, { apiKeyId: parseId(id) }, ctx.staff());
  }

  @Query(() => [AuditEvent], { description: 'The audit trail, newest first (staff only).' })
  auditEvents(
    @Arg('entityType', () => String, { nullable: true }) entityType: string | null,
    @Arg('entityId', () => Int, { nullable: true }) entityId: number | null,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Ctx() ctx: ApiContext,
  ) {
    authorize(ctx.staff(), 'audit:read');
    return listAuditEvents(ctx.db, { entityType: entityType ?? undefined, entityId: entityId ?? undefined, limit });
  }

  @Mutation(() => Pool)
  createPool(
    @Arg('code') code: string,
    @Arg('name') name: string,
    @Arg('ratingSystem') ratingSystemId: string,
    @Arg('nameFr', () => String, { nullable: true }) nameFr: string | null,
    @Arg('params', () => GraphQLJSON, { nullable: true }) systemParams: Record<string, unknown> | null,
    @Arg('periodMonths', () => Int, { defaultValue: 1 }) periodMonths: number,
    @Ctx() ctx: ApiContext,
  ) {
    return createPool(
      ctx.dataSource,
      { code, name, nameFr, ratingSystemId, systemParams: systemParams ?? {}, periodMonths },
      ctx.staff(),
    );
  }

  @Mutation(() => Player)
  createPlayer(@Arg('input') input: PlayerInput, @Ctx() ctx: ApiContext) {
    return createPlayer(ctx.dataSource, input as CorePlayerInput, ctx.staff());
  }

  @Mutation(() => Player)
  updatePlayer(@Arg('id', () => ID) id: string, @Arg('input') input: PlayerInput, @Ctx() ctx: ApiContext) {
    return updatePlayer(ctx.dataSource, { playerId: parseId(id), ...input }, ctx.staff());
  }

  @Mutation(() => Player, {
    description: 'Merges a duplicate into the player kept; the duplicate’s id stays as an alias that resolves to it.',
  })
  async mergePlayers(
    @Arg('keep', () => ID) keep: string,
    @Arg('remove', () => ID) remove: string,
    @Ctx() ctx: ApiContext,
  ) {
    return (
      await mergePlayers(
        ctx.dataSource,
        { keep: parseId(keep, 'keep'), remove: parseId(remove, 'remove') },
        ctx.staff(),
      )
    ).survivor;
  }

  @Mutation(() => Tournament, { description: 'A DRAFT tournament in a pool.' })
  createTournament(@Arg('input') input: TournamentInput, @Ctx() ctx: ApiContext) {
    const { pool, ...details } = input;
    return createTournament(ctx.dataSource, { poolCode: pool ?? '', ...(details as TournamentDetails) }, ctx.staff());
  }

  @Mutation(() => Tournament)
  updateTournament(@Arg('id', () => ID) id: string, @Arg('input') input: TournamentInput, @Ctx() ctx: ApiContext) {
    const { pool: _pool, ...details } = input;
    return updateTournament(
      ctx.dataSource,
      { tournamentId: parseId(id), ...(details as Partial<TournamentDetails>) },
      ctx.staff(),
    );
  }

  @Mutation(() => Tournament)
  async addParticipants(
    @Arg('tournament', () => ID) tournament: string,
    @Arg('players', () => [ParticipantInput]) players: ParticipantInput[],
    @Ctx() ctx: ApiContext,
  ) {
    const tournamentId = parseId(tournament, 'tournament');
    await addParticipants(
      ctx.dataSource,
      {
        tournamentId,
        players: players.map((p) => ({
          playerId: parseId(p.player, 'players.player'),
          startRank: p.startRank,
          ratingAtStart: p.ratingAtStart,
        })),
      },
      ctx.staff(),
    );
    return ctx.loaders.tournament.load(tournamentId);
  }

  @Mutation(() => Tournament, {
    description: 'Records pairings and results (validated: players, rounds, results, dates).',
  })
  async recordGames(
    @Arg('tournament', () => ID) tournament: string,
    @Arg('games', () => [GameInput]) games: GameInput[],
    @Ctx() ctx: ApiContext,
  ) {
    const tournamentId = parseId(tournament, 'tournament');
    await recordGames(
      ctx.dataSource,
      {
        tournamentId,
        games: games.map((g) => ({
          ...g,
          white: parseId(g.white, 'games.white'),
          black: g.black == null ? null : parseId(g.black, 'games.black'),
        })),
      },
      ctx.staff(),
    );
    return ctx.loaders.tournament.load(tournamentId);
  }

  @Mutation(() => Tournament, { description: 'DRAFT → SUBMITTED: the next rating run of its period rates it.' })
  submitTournament(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext) {
    return submitTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
  }

  @Mutation(() => Tournament, { description: 'SUBMITTED → DRAFT, to correct it before it is rated.' })
  reopenTournament(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext) {
    return reopenTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
  }

  @Mutation(() => ImportReport, {
    description: 'Imports a FIDE TRF16 / TRF-2026 report as a DRAFT tournament of the pool.',
  })
  importTrf(
    @Arg('pool') pool: string,
    @Arg('content') content: string,
    @Arg('fileName', () => String, { nullable: true }) fileName: string | null,
    @Ctx() ctx: ApiContext,
  ) {
    return importTrf(ctx.dataSource, { poolCode: pool, content, fileName }, ctx.staff());
  }

  @Mutation(() => RunReport, {
    description: "Rates a pool's period into a DRAFT list (period = the list's month, YYYY-MM).",
  })
  async runRatingPeriod(
    @Arg('pool') pool: string,
    @Arg('period') period: string,
    @Ctx() ctx: ApiContext,
  ): Promise<RunReport> {
    const report = await runRatingPeriod(ctx.dataSource, { poolCode: pool, period }, ctx.staff());
    return { ...report, ...report.period };
  }

  @Mutation(() => RatingList, {
    description: 'DRAFT → PUBLISHED: immutable from then on; its tournaments become RATED.',
  })
  async publishRatingList(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext) {
    const list = await publishRatingList(ctx.dataSource, parseId(id), ctx.staff());
    notifyPublication(ctx);
    return list;
  }

  @Mutation(() => RatingList, {
    description: 'Corrects a published list: a new revision, the old kept, the difference stored.',
  })
  async republishRatingList(@Arg('id', () => ID) id: string, @Arg('reason') reason: string, @Ctx() ctx: ApiContext) {
    const list = await republishRatingList(ctx.dataSource, { listId: parseId(id), reason }, ctx.staff());
    notifyPublication(ctx);
    return list;
  }

  @Mutation(() => Tournament, {
    description: 'Corrects a result of a submitted or rated tournament (republish its list to rate it).',
  })
  async correctGameResult(
    @Arg('game', () => ID) game: string,
    @Arg('result') result: string,
    @Arg('reason') reason: string,
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
