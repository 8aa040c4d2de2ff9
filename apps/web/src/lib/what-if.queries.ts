import { graphql } from '@/__generated__/gql';
import type { RatingSystemId, RatingSystemsQuery, WhatIfQuery } from '@/__generated__/graphql';
import { queryApi, queryApiUncached } from './api';
import { ApiGraphQLError } from './api-error';
import type { ParameterInput } from './system-parameters';
import type { StandingRow } from './tournament.queries';

/**
 * "What if": a tournament rated again under another rating system or other parameters, nothing saved. The
 * systems come from the registry (cached: they change with a deployment only); the what-if itself answers
 * what the visitor typed, so it is fetched per request and never cached (`queryApiUncached`).
 */

export const ratingSystemsQuery = graphql(`
  query RatingSystems {
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

export const whatIfQuery = graphql(`
  query WhatIf($tournament: ID!, $system: RatingSystemId!, $parameters: JSON) {
    whatIf(tournament: $tournament, system: $system, parameters: $parameters) {
      system
      parameters
      period
      rows {
        player {
          id
        }
        ratingBefore
        ratingAfter
        provisional
        change
      }
    }
  }
`);

export type RatingSystemData = RatingSystemsQuery['ratingSystems'][number];
export type WhatIfData = NonNullable<WhatIfQuery['whatIf']>;

export async function fetchRatingSystems(): Promise<RatingSystemData[]> {
  const { ratingSystems } = await queryApi(ratingSystemsQuery, {}, ['pools']);
  return ratingSystems;
}

export type WhatIfOutcome =
  | { status: 'ok'; whatIf: WhatIfData }
  /** The API refused the system or a parameter (BAD_USER_INPUT): its message, and the argument it names. */
  | { status: 'refused'; message: string; argument: string | null }
  | { status: 'unknown-tournament' };

export async function fetchWhatIf(
  tournament: string,
  system: RatingSystemId,
  parameters: Record<string, ParameterInput>,
): Promise<WhatIfOutcome> {
  try {
    const { whatIf } = await queryApiUncached(whatIfQuery, { tournament, system, parameters });
    return whatIf ? { status: 'ok', whatIf } : { status: 'unknown-tournament' };
  } catch (error) {
    if (!(error instanceof ApiGraphQLError) || !error.hasCode('BAD_USER_INPUT')) throw error;
    const refusal = error.errors.find((entry) => entry.code === 'BAD_USER_INPUT')!;
    return { status: 'refused', message: refusal.message, argument: refusal.argument };
  }
}

/** One player, side by side: the official change of the tournament and the what-if's. */
export interface WhatIfComparisonRow {
  playerId: string;
  name: string;
  officialBefore: number | null;
  officialAfter: number | null;
  officialChange: number | null;
  whatIfBefore: number | null;
  whatIfAfter: number | null;
  whatIfChange: number | null;
  whatIfProvisional: boolean;
}

/** The what-if's players in the standings' order (players with no game rated for them under it are left out). */
export function compareWithOfficial(
  standings: readonly StandingRow[],
  rows: readonly WhatIfData['rows'][number][],
): WhatIfComparisonRow[] {
  const byPlayer = new Map(rows.map((row) => [row.player.id, row]));
  return standings.flatMap((standing) => {
    const row = byPlayer.get(standing.playerId);
    if (!row) return [];
    return [
      {
        playerId: standing.playerId,
        name: standing.name,
        officialBefore: standing.ratingBefore,
        officialAfter: standing.ratingAfter,
        officialChange: standing.change,
        whatIfBefore: row.ratingBefore,
        whatIfAfter: row.ratingAfter,
        whatIfChange: row.change,
        whatIfProvisional: row.provisional,
      },
    ];
  });
}

/** The systems a pool's what-if offers: every one of the registry but the pool's own. */
export function otherSystems(systems: readonly RatingSystemData[], poolSystemId: string): RatingSystemData[] {
  return systems.filter((system) => system.id !== poolSystemId);
}
