import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { IsIn, IsOptional, MaxLength } from 'class-validator';
import { MAX_POOL_CODE_LENGTH, MAX_SEARCH_LENGTH } from '@ratings/contract';
import {
  poolByCode,
  tournamentStandings,
  tournamentsPage,
  type Tournament as TournamentRow,
  type TournamentKey,
} from '@ratings/core';
import { loadRequired, type ApiContext } from '../context';
import { parseId } from '../ids';
import { ConnectionType, cursorKey, decodeCursor, PageArgs, toConnection } from '../pagination';
import { Player, RatingChange } from '../player/player.type';
import { toRatingChange } from '../player/player.resolver';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { TournamentStatus } from '../common/enums';
import { DateScalar } from '../scalars';
import { CrosstableCell, Standing, Tournament } from './tournament.type';

const TournamentConnection = ConnectionType(Tournament, 'Tournament');

@ArgsType()
class TournamentsArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: 'Pool code.' })
  @IsOptional()
  @MaxLength(MAX_POOL_CODE_LENGTH)
  pool?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Ending on or after this date.' })
  from?: string | null;

  @Field(() => DateScalar, { nullable: true, description: 'Ending on or before this date.' })
  to?: string | null;

  @Field(() => TournamentStatus, { nullable: true, description: 'SUBMITTED (awaiting rating) or RATED.' })
  @IsOptional()
  @IsIn([TournamentStatus.SUBMITTED, TournamentStatus.RATED], {
    message: 'status: the public sees SUBMITTED and RATED tournaments',
  })
  status?: TournamentStatus | null;

  @Field(() => String, { nullable: true, description: 'Words of the name or city; accents and case are ignored.' })
  @IsOptional()
  @MaxLength(MAX_SEARCH_LENGTH)
  search?: string | null;
}

const isTournamentKey = cursorKey<TournamentKey>({ endDate: 'date', id: 'id' });

/** The public sees tournaments once submitted for rating; drafts are the staff's work in progress. */
const isPublic = (t: TournamentRow | null): t is TournamentRow => t !== null && t.status !== 'DRAFT';

@Resolver(() => Tournament)
export class TournamentResolver {
  @Query(() => Tournament, { nullable: true, description: 'A tournament by id; null when unknown.' })
  async tournament(@Arg('id', () => ID) id: string, @Ctx() { loaders }: ApiContext): Promise<TournamentRow | null> {
    const tournament = await loaders.tournament.load(parseId(id));
    return isPublic(tournament) ? tournament : null;
  }

  @Query(() => TournamentConnection, { description: 'Tournaments, most recent first.' })
  async tournaments(@Args() args: TournamentsArgs, @Ctx() { db }: ApiContext) {
    const poolId = args.pool ? (await poolByCode(db, args.pool)).id : null;
    const { rows, totalCount } = await tournamentsPage(
      db,
      {
        poolId,
        from: args.from,
        to: args.to,
        search: args.search,
        status: args.status as 'SUBMITTED' | 'RATED' | null,
      },
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
