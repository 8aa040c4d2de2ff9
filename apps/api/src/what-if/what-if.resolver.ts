import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { IsOptional, Matches, MaxLength } from 'class-validator';
import { GraphQLJSON } from 'graphql-scalars';
import { MAX_PAGE_SIZE, MAX_POOL_CODE_LENGTH } from '@ratings/contract';
import { poolByCode, SIMULATION_TOP_MOVERS, simulatePool, whatIf } from '@ratings/core';
import { RatingSystemId } from '../common/enums';
import { loadRequired, loadVisible, type ApiContext } from '../context';
import { badInput } from '../errors';
import { parseId } from '../ids';
import { Player } from '../player/player.type';
import { Pool } from '../pool/pool.type';
import { RatingList } from '../rating-list/rating-list.type';
import { Tournament } from '../tournament/tournament.type';
import { PoolSimulation, SimulatedPlayer, WhatIf, WhatIfRow } from './what-if.type';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

@ArgsType()
class SimulatePoolArgs {
  @Field({ description: 'Pool code.' })
  @MaxLength(MAX_POOL_CODE_LENGTH)
  pool!: string;

  @Field(() => RatingSystemId.type, { description: 'The rating system to simulate (see ratingSystems).' })
  system!: string;

  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'Its parameters (see ratingSystems); defaults for the rest.',
  })
  @IsOptional()
  parameters?: unknown;

  @Field({ description: 'First period to rate again (YYYY-MM).' })
  @Matches(PERIOD, { message: 'from must be a period YYYY-MM' })
  from!: string;

  @Field({ description: 'Last period to rate again (YYYY-MM), at most 36 periods after from.' })
  @Matches(PERIOD, { message: 'to must be a period YYYY-MM' })
  to!: string;
}

@Resolver()
export class WhatIfResolver {
  @Query(() => WhatIf, {
    nullable: true,
    description:
      'How a tournament would rate under another rating system or other parameters, nothing saved; null when the ' +
      'tournament is unknown. Parameters are checked against the system (BAD_USER_INPUT naming the parameter).',
  })
  async whatIf(
    @Arg('tournament', () => ID, { description: 'Tournament id.' }) tournamentId: string,
    @Arg('system', () => RatingSystemId.type, { description: 'The rating system to rate it with.' })
    system: string,
    @Arg('parameters', () => GraphQLJSON, {
      nullable: true,
      validate: false, // plain JSON: the rating-rules registry checks it
      description: 'The system’s parameters; defaults for the rest.',
    })
    parameters: unknown,
    @Ctx() { db, loaders, viewer }: ApiContext,
  ): Promise<WhatIf | null> {
    const tournament = await loadVisible(loaders.tournament, parseId(tournamentId, 'tournament'), viewer);
    if (!tournament) return null;
    const result = await whatIf(db, tournament, {
      systemId: RatingSystemId.valueOf(system),
      params: parameters,
    });
    return { ...result, system: result.systemId, parameters: result.params, rows: [...result.rows] };
  }

  @Query(() => PoolSimulation, {
    description:
      'Staff (rating officers, administrators): a pool’s published periods from … to rated again under another system ' +
      'or other parameters from the list in force before `from`, nothing saved, compared with the published list of ' +
      '`to`. UNAUTHENTICATED without a staff token, FORBIDDEN for other roles and API keys.',
  })
  async simulatePool(@Args() args: SimulatePoolArgs, @Ctx() ctx: ApiContext): Promise<PoolSimulation> {
    const simulation = await simulatePool(
      ctx.dataSource,
      {
        poolCode: args.pool,
        systemId: RatingSystemId.valueOf(args.system),
        params: args.parameters,
        from: args.from,
        to: args.to,
      },
      ctx.staff(),
    );
    return {
      ...simulation,
      poolCode: simulation.pool,
      system: simulation.systemId,
      parameters: simulation.params,
      allPlayers: simulation.players,
      playerCount: simulation.players.length,
      topMovers: simulation.players.slice(0, SIMULATION_TOP_MOVERS),
    };
  }
}

@Resolver(() => WhatIf)
export class WhatIfFieldsResolver {
  @FieldResolver(() => Tournament, { description: 'The tournament rated.' })
  tournament(@Root() row: WhatIf, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.tournament, row.tournamentId, 'Tournament');
  }

  @FieldResolver(() => RatingList, { nullable: true, description: 'The list the starting ratings come from.' })
  startingList(@Root() row: WhatIf, @Ctx() { loaders }: ApiContext) {
    return row.listId === null ? null : loaders.list.load(row.listId);
  }
}

@Resolver(() => WhatIfRow)
export class WhatIfRowResolver {
  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() row: WhatIfRow, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, row.playerId, 'Player');
  }
}

@Resolver(() => PoolSimulation)
export class PoolSimulationResolver {
  @FieldResolver(() => Pool, { description: 'The pool simulated.' })
  pool(@Root() simulation: PoolSimulation, @Ctx() { db }: ApiContext) {
    return poolByCode(db, simulation.poolCode);
  }

  @FieldResolver(() => RatingList, {
    nullable: true,
    description: 'The list in force before `from`, the starting point.',
  })
  startingList(@Root() simulation: PoolSimulation, @Ctx() { loaders }: ApiContext) {
    return simulation.startListId === null ? null : loaders.list.load(simulation.startListId);
  }

  @FieldResolver(() => [SimulatedPlayer], {
    description: 'The players with games in the range, the largest |difference| first.',
  })
  players(
    @Root() simulation: PoolSimulation,
    @Arg('first', () => Int, { defaultValue: 50, description: `At most ${MAX_PAGE_SIZE}.` }) first: number,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'Players to skip.' }) offset: number,
  ): SimulatedPlayer[] {
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
      throw badInput('first', `must be 1 to ${MAX_PAGE_SIZE}`);
    if (!Number.isInteger(offset) || offset < 0) throw badInput('offset', 'must be 0 or more');
    return simulation.allPlayers.slice(offset, offset + first);
  }
}

@Resolver(() => SimulatedPlayer)
export class SimulatedPlayerResolver {
  @FieldResolver(() => Player, { description: 'The player.' })
  player(@Root() row: SimulatedPlayer, @Ctx() { loaders }: ApiContext) {
    return loadRequired(loaders.player, row.playerId, 'Player');
  }
}
