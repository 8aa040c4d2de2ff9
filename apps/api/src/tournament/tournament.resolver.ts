import { MAX_REASON_LENGTH } from '@ratings/contract';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  acceptTournament,
  addParticipants,
  createTournament,
  importTrf,
  poolByCode,
  recordGames,
  reopenTournament,
  returnTournament,
  submitTournament,
  tournamentChecks,
  tournamentImportReportOf,
  tournamentsPage,
  updateTournament,
  type Game as GameRow,
  type ImportReport as ImportReportRow,
  type Tournament as TournamentRow,
  type TournamentCheck as TournamentCheckRow,
  type TournamentKey,
} from '@ratings/core';
import { readerOf } from '../auth/viewer';
import { GameResult } from '../common/enums';
import { LIVE_RATING_TAGS } from '../rating-list/revalidate';
import { loadRequired, loadVisible, type ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, pageRequest, toConnection } from '../pagination';
import { Player, RatingChange } from '../player/player.type';
import { toRatingChange } from '../player/player.resolver';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { TournamentsArgs } from './tournament.args';
import { GameInput, ParticipantInput, TournamentInput } from './tournament.inputs';
import {
  CrosstableCell,
  Game,
  ImportReport,
  Standing,
  Tournament,
  TournamentCheck,
  TournamentStatusEvent,
} from './tournament.type';

const TournamentConnection = ConnectionType(Tournament, 'Tournament');

const isTournamentKey = cursorKey<TournamentKey>({ endDate: 'date', id: 'id' });

@Resolver(() => Tournament)
export class TournamentResolver {
  @Query(() => Tournament, { nullable: true, description: 'A tournament by id; null when unknown.' })
  tournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Ctx() { loaders, viewer }: ApiContext,
  ): Promise<TournamentRow | null> {
    return loadVisible(loaders.tournament, parseId(id), viewer);
  }

  @Query(() => TournamentConnection, {
    description: 'Tournaments, most recent first: those the caller may see (see `status`), filtered.',
  })
  async tournaments(@Args() args: TournamentsArgs, @Ctx() { db, viewer }: ApiContext) {
    const request = pageRequest(args, isTournamentKey);
    const poolId = args.pool ? (await poolByCode(db, args.pool)).id : null;
    const { rows, totalCount } = await tournamentsPage(
      db,
      {
        poolId,
        from: args.from,
        to: args.to,
        search: args.search,
        status: args.status,
        createdBy: args.createdBy == null ? null : parseId(args.createdBy, 'createdBy'),
        reader: readerOf(viewer),
      },
      request.size,
      request.position,
    );
    return toConnection(
      rows,
      request,
      totalCount,
      (t) => ({ endDate: t.endDate, id: t.id }),
      (t) => t,
    );
  }

  @Mutation(() => Tournament, { description: 'A DRAFT tournament in a pool.' })
  createTournament(
    @Arg('input', { description: 'The tournament’s details (pool, name, dates and rounds required).' })
    input: TournamentInput,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const { pool, ...details } = input;
    return createTournament(ctx.dataSource, { poolCode: pool ?? '', ...details }, ctx.staff());
  }

  @Mutation(() => Tournament, { description: 'Changes a DRAFT tournament’s details.' })
  updateTournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Arg('input', { description: 'The details to change.' }) input: TournamentInput,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const { pool: _onCreationOnly, ...details } = input;
    return updateTournament(ctx.dataSource, { tournamentId: parseId(id), ...details }, ctx.staff());
  }

  @Mutation(() => Tournament, { description: 'Adds players to a DRAFT tournament’s starting list.' })
  async addParticipants(
    @Arg('tournament', () => ID, { description: 'The tournament’s id.' }) tournament: string,
    @Arg('players', () => [ParticipantInput], { description: 'The players, with their start ranks.' })
    players: ParticipantInput[],
    @Ctx() ctx: ApiContext,
  ) {
    const tournamentId = parseId(tournament, 'tournament');
    await addParticipants(
      ctx.dataSource,
      {
        tournamentId,
        players: players.map((p, index) => ({
          playerId: parseId(p.player, `players[${index}].player`),
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
    @Arg('tournament', () => ID, { description: 'The tournament’s id.' }) tournament: string,
    @Arg('games', () => [GameInput], { description: 'The games, forfeits and byes.' }) games: GameInput[],
    @Ctx() ctx: ApiContext,
  ) {
    const tournamentId = parseId(tournament, 'tournament');
    await recordGames(
      ctx.dataSource,
      {
        tournamentId,
        games: games.map((g, index) => ({
          ...g,
          white: parseId(g.white, `games[${index}].white`),
          black: g.black == null ? null : parseId(g.black, `games[${index}].black`),
          result: GameResult.valueOf(g.result),
        })),
      },
      ctx.staff(),
    );
    return ctx.loaders.tournament.load(tournamentId);
  }

  @Mutation(() => Tournament, {
    description:
      'DRAFT → SUBMITTED, waiting for the rating officer’s review; a rating officer’s own submission is ACCEPTED at once.',
  })
  async submitTournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const tournament = await submitTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
    ctx.siteChanged(LIVE_RATING_TAGS);
    return tournament;
  }

  @Mutation(() => Tournament, {
    description:
      'SUBMITTED or ACCEPTED → DRAFT, to correct it before it is rated (an arbiter withdraws his own submission; ' +
      'an ACCEPTED one is the rating officer’s to reopen).',
  })
  async reopenTournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const tournament = await reopenTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
    ctx.siteChanged(LIVE_RATING_TAGS);
    return tournament;
  }

  @Mutation(() => Tournament, {
    description: 'SUBMITTED → ACCEPTED (rating officers): the next run of its period rates it.',
  })
  async acceptTournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const tournament = await acceptTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
    ctx.siteChanged(LIVE_RATING_TAGS);
    return tournament;
  }

  @Mutation(() => Tournament, {
    description: 'SUBMITTED → DRAFT (rating officers), with the reason its arbiter reads in `statusHistory`.',
  })
  returnTournament(
    @Arg('id', () => ID, { description: 'The tournament’s id.' }) id: string,
    @Arg('reason', { description: `What to fix, up to ${MAX_REASON_LENGTH} characters.` }) reason: string,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    return returnTournament(ctx.dataSource, { tournamentId: parseId(id), reason }, ctx.staff());
  }

  @Mutation(() => ImportReport, {
    description: 'Imports a FIDE TRF16 / TRF-2026 report as a DRAFT tournament of the pool.',
  })
  importTrf(
    @Arg('pool', { description: 'Pool code.' }) pool: string,
    @Arg('content', { description: 'The file’s text.' }) content: string,
    @Arg('fileName', () => String, { description: 'The file’s name, kept with the import.', nullable: true })
    fileName: string | null,
    @Arg('ratingsFromFile', () => Boolean, {
      nullable: true,
      description:
        'Start the players the pool has never rated from the ratings the file writes (RATING_OFFICER); absent or ' +
        'null: the pool’s `ratingsFromFile` setting.',
    })
    ratingsFromFile: boolean | null,
    @Ctx() ctx: ApiContext,
  ): Promise<ImportReportRow> {
    return importTrf(ctx.dataSource, { poolCode: pool, content, fileName, ratingsFromFile }, ctx.staff());
  }

  @FieldResolver(() => Pool, { description: 'The pool that rates it.' })
  pool(@Root() tournament: TournamentRow, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.pool, tournament.poolId, 'Pool');
  }

  @FieldResolver(() => RatingList, { nullable: true, description: 'The published list that rated it.' })
  ratedIn(@Root() tournament: TournamentRow, @Ctx() { loaders }: ApiContext) {
    return tournament.ratedInListId === null ? null : loaders.list.load(tournament.ratedInListId);
  }

  @FieldResolver(() => [Standing], {
    description: 'Standings: by points, then performance (the tie-break), then start rank.',
  })
  async standings(@Root() tournament: TournamentRow, @Ctx() { loaders }: ApiContext): Promise<Standing[]> {
    const pool = await loadRequired(loaders.pool, tournament.poolId, 'Pool');
    const rows = await loaders.standings.load({ tournament, ratingSystemId: pool.ratingSystemId });
    return rows.map((row) => ({ ...row, tournamentId: tournament.id, results: row.cells }));
  }

  @FieldResolver(() => [Standing], { description: 'The crosstable: the standings’ lines in start-rank order.' })
  async crosstable(@Root() tournament: TournamentRow, @Ctx() ctx: ApiContext): Promise<Standing[]> {
    return (await this.standings(tournament, ctx)).sort((a, b) => a.startRank - b.startRank);
  }

  @FieldResolver(() => [Game], {
    description:
      'Its pairings as recorded, in round and board order (byes included), each with the id a correction names.',
  })
  games(@Root() tournament: TournamentRow, @Ctx() { loaders }: ApiContext): Promise<GameRow[]> {
    return loaders.games.load(tournament.id);
  }

  @FieldResolver(() => [TournamentStatusEvent], {
    description:
      'Staff only: its review, oldest first (submitted, accepted, returned with a reason, reopened, rated), with who ' +
      'made each change. UNAUTHENTICATED without a staff token, FORBIDDEN with an API key.',
  })
  async statusHistory(@Root() tournament: TournamentRow, @Ctx() ctx: ApiContext): Promise<TournamentStatusEvent[]> {
    ctx.staff();
    const events = await ctx.loaders.statusHistory.load(tournament.id);
    return events.map(
      (e) =>
        ({
          from: e.fromStatus,
          to: e.toStatus,
          by: e.actorName,
          staffUserId: e.staffUserId,
          at: e.at,
          reason: e.reason,
        }) as TournamentStatusEvent,
    );
  }

  @FieldResolver(() => [TournamentCheck], {
    description:
      'Staff only: the automatic checks (missing birth dates and sexes, likely duplicates, performance outliers, ' +
      'repeated pairings, games outside the dates, forfeits or byes counted as played). None blocks.',
  })
  checks(@Root() tournament: TournamentRow, @Ctx() ctx: ApiContext): Promise<TournamentCheckRow[]> {
    ctx.staff();
    return tournamentChecks(ctx.db, tournament.id);
  }

  @FieldResolver(() => ImportReport, {
    nullable: true,
    description:
      'Staff only: what its TRF import did (players matched and created, games, skipped lines, warnings); null for ' +
      'a tournament typed in by hand. UNAUTHENTICATED without a staff token, FORBIDDEN with an API key.',
  })
  importReport(@Root() tournament: TournamentRow, @Ctx() ctx: ApiContext) {
    ctx.staff();
    return tournamentImportReportOf(ctx.db, tournament.id);
  }

  @FieldResolver(() => [RatingChange], {
    description: 'Each player’s rating change, with its per-game breakdown (once rated).',
  })
  async ratingChanges(@Root() tournament: TournamentRow, @Ctx() { loaders }: ApiContext) {
    return (await loaders.tournamentChanges.load(tournament.id)).map(toRatingChange);
  }
}

@Resolver(() => Standing)
export class StandingResolver {
  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() row: Standing, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, row.playerId, 'Player');
  }

  @FieldResolver(() => RatingChange, {
    nullable: true,
    description: 'The rating change this tournament made for the player (once rated).',
  })
  async ratingChange(@Root() row: Standing, @Ctx() { loaders }: ApiContext) {
    const change = (await loaders.tournamentChanges.load(row.tournamentId)).find((c) => c.playerId === row.playerId);
    return change ? toRatingChange(change) : null;
  }
}

@Resolver(() => Game)
export class GameResolver {
  @FieldResolver(() => Player, { description: 'White, or the player receiving a bye.' })
  white(@Root() game: GameRow, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, game.whitePlayerId, 'Player');
  }

  @FieldResolver(() => Player, { nullable: true, description: 'Black (null for a bye).' })
  black(@Root() game: GameRow, @Ctx() { loaders }: ApiContext) {
    return game.blackPlayerId === null ? null : loadRequired(loaders.player, game.blackPlayerId, 'Player');
  }
}

@Resolver(() => CrosstableCell)
export class CrosstableCellResolver {
  @FieldResolver(() => Player, { description: 'The opponent (null for a bye).', nullable: true })
  opponent(@Root() cell: CrosstableCell, @Ctx() { loaders }: ApiContext) {
    return cell.opponentId === null ? null : loadRequired(loaders.player, cell.opponentId, 'Player');
  }
}

@Resolver(() => TournamentCheck)
export class TournamentCheckResolver {
  @FieldResolver(() => Player, { nullable: true, description: 'The player concerned.' })
  player(@Root() check: TournamentCheckRow, @Ctx() { loaders }: ApiContext) {
    return check.playerId === null ? null : loadRequired(loaders.player, check.playerId, 'Player');
  }

  @FieldResolver(() => Player, { nullable: true, description: 'The likely duplicate, or the opponent met again.' })
  otherPlayer(@Root() check: TournamentCheckRow, @Ctx() { loaders }: ApiContext) {
    return check.otherPlayerId === null ? null : loadRequired(loaders.player, check.otherPlayerId, 'Player');
  }
}
