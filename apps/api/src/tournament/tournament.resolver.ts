import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  addParticipants,
  createTournament,
  importTrf,
  poolByCode,
  recordGames,
  reopenTournament,
  submitTournament,
  tournamentStandings,
  tournamentsPage,
  updateTournament,
  type ImportReport as ImportReportRow,
  type Tournament as TournamentRow,
  type TournamentKey,
} from '@ratings/core';
import { loadRequired, loadVisible, type ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, decodeCursor, toConnection } from '../pagination';
import { Player, RatingChange } from '../player/player.type';
import { toRatingChange } from '../player/player.resolver';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { TournamentsArgs } from './tournament.args';
import { GameInput, ParticipantInput, TournamentInput } from './tournament.inputs';
import { CrosstableCell, ImportReport, Standing, Tournament } from './tournament.type';

const TournamentConnection = ConnectionType(Tournament, 'Tournament');

const isTournamentKey = cursorKey<TournamentKey>({ endDate: 'date', id: 'id' });

@Resolver(() => Tournament)
export class TournamentResolver {
  @Query(() => Tournament, { nullable: true, description: 'A tournament by id; null when unknown.' })
  tournament(@Arg('id', () => ID) id: string, @Ctx() { loaders, viewer }: ApiContext): Promise<TournamentRow | null> {
    return loadVisible(loaders.tournament, parseId(id), viewer);
  }

  @Query(() => TournamentConnection, { description: 'Tournaments, most recent first.' })
  async tournaments(@Args() args: TournamentsArgs, @Ctx() { db }: ApiContext) {
    const poolId = args.pool ? (await poolByCode(db, args.pool)).id : null;
    const { rows, totalCount } = await tournamentsPage(
      db,
      { poolId, from: args.from, to: args.to, search: args.search, status: args.status },
      args.first,
      decodeCursor(args.after, isTournamentKey),
    );
    return toConnection(
      rows,
      args.first,
      totalCount,
      (t) => ({ endDate: t.endDate, id: t.id }),
      (t) => t,
    );
  }

  @Mutation(() => Tournament, { description: 'A DRAFT tournament in a pool.' })
  createTournament(@Arg('input') input: TournamentInput, @Ctx() ctx: ApiContext): Promise<TournamentRow> {
    const { pool, ...details } = input;
    return createTournament(ctx.dataSource, { poolCode: pool ?? '', ...details }, ctx.staff());
  }

  @Mutation(() => Tournament)
  updateTournament(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: TournamentInput,
    @Ctx() ctx: ApiContext,
  ): Promise<TournamentRow> {
    const { pool: _onCreationOnly, ...details } = input;
    return updateTournament(ctx.dataSource, { tournamentId: parseId(id), ...details }, ctx.staff());
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
  submitTournament(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext): Promise<TournamentRow> {
    return submitTournament(ctx.dataSource, { tournamentId: parseId(id) }, ctx.staff());
  }

  @Mutation(() => Tournament, { description: 'SUBMITTED → DRAFT, to correct it before it is rated.' })
  reopenTournament(@Arg('id', () => ID) id: string, @Ctx() ctx: ApiContext): Promise<TournamentRow> {
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
  ): Promise<ImportReportRow> {
    return importTrf(ctx.dataSource, { poolCode: pool, content, fileName }, ctx.staff());
  }

  @FieldResolver(() => Pool)
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
  async standings(@Root() tournament: TournamentRow, @Ctx() { db, loaders }: ApiContext): Promise<Standing[]> {
    const pool = await loadRequired(loaders.pool, tournament.poolId, 'Pool');
    const rows = await tournamentStandings(db, tournament, pool.ratingSystemId);
    return rows.map((row) => ({ ...row, tournamentId: tournament.id, results: row.cells }));
  }

  @FieldResolver(() => [Standing], { description: 'The crosstable: the standings’ lines in start-rank order.' })
  async crosstable(@Root() tournament: TournamentRow, @Ctx() ctx: ApiContext): Promise<Standing[]> {
    return (await this.standings(tournament, ctx)).sort((a, b) => a.startRank - b.startRank);
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
  @FieldResolver(() => Player)
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

@Resolver(() => CrosstableCell)
export class CrosstableCellResolver {
  @FieldResolver(() => Player, { nullable: true })
  opponent(@Root() cell: CrosstableCell, @Ctx() { loaders }: ApiContext) {
    return cell.opponentId === null ? null : loadRequired(loaders.player, cell.opponentId, 'Player');
  }
}
