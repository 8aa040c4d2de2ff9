import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { RatingSystemId, StaffSimulateOptionsQuery, StaffSimulatePoolQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { ApiGraphQLError } from '../api-error';
import type { ParameterInput } from '../system-parameters';
import { staffPageQuery } from './api';

/**
 * A pool's published periods rated again under another system (`simulatePool`, officers and administrators),
 * nothing saved: the summary, the players who differ most and every player, a page at a time.
 */

/** Players a page of the simulation's table shows. */
export const SIMULATION_PAGE_SIZE = 50;

export const staffSimulateOptionsQuery = graphql(`
  query StaffSimulateOptions {
    pools {
      code
      name
      nameFr
      ratingSystemId
      currentList {
        period
      }
    }
    ratingSystems {
      id
      name
      nameFr
      parameters {
        key
        type
        default
        min
        max
        values
      }
    }
  }
`);

export const simulatedPlayerFields = graphql(`
  fragment SimulatedPlayerFields on SimulatedPlayer {
    player {
      id
      surname
      givenName
    }
    simulated
    published
    difference
    games
  }
`);

export const staffSimulatePoolQuery = graphql(`
  query StaffSimulatePool(
    $pool: String!
    $system: RatingSystemId!
    $parameters: JSON
    $from: String!
    $to: String!
    $first: Int!
    $offset: Int!
  ) {
    simulatePool(pool: $pool, system: $system, parameters: $parameters, from: $from, to: $to) {
      system
      from
      to
      periods
      tournaments
      games
      playerCount
      compared
      meanAbsoluteDifference
      topMovers {
        ...SimulatedPlayerFields
      }
      players(first: $first, offset: $offset) {
        ...SimulatedPlayerFields
      }
    }
  }
`);

export type SimulateOptions = StaffSimulateOptionsQuery;
export type PoolSimulationData = StaffSimulatePoolQuery['simulatePool'];

export async function fetchSimulateOptions(locale: Locale): Promise<SimulateOptions> {
  return staffPageQuery(staffSimulateOptionsQuery, {}, locale);
}

export interface SimulationRequest {
  pool: string;
  system: RatingSystemId;
  parameters: Record<string, ParameterInput>;
  from: string;
  to: string;
  /** 1 for the first page of players. */
  page: number;
}

export type SimulationOutcome =
  | { status: 'ok'; simulation: PoolSimulationData }
  /** Refused input (a period, a parameter, an unknown pool): the API's message and the argument it names. */
  | { status: 'refused'; message: string; argument: string | null };

const REFUSAL_CODES = ['BAD_USER_INPUT', 'NOT_FOUND'];

export async function fetchPoolSimulation(request: SimulationRequest, locale: Locale): Promise<SimulationOutcome> {
  try {
    const { simulatePool } = await staffPageQuery(
      staffSimulatePoolQuery,
      {
        pool: request.pool,
        system: request.system,
        parameters: request.parameters,
        from: request.from,
        to: request.to,
        first: SIMULATION_PAGE_SIZE,
        offset: (request.page - 1) * SIMULATION_PAGE_SIZE,
      },
      locale,
    );
    return { status: 'ok', simulation: simulatePool };
  } catch (error) {
    const refusal =
      error instanceof ApiGraphQLError ? error.errors.find((entry) => REFUSAL_CODES.includes(entry.code ?? '')) : null;
    if (!refusal) throw error;
    return { status: 'refused', message: refusal.message, argument: refusal.argument };
  }
}
