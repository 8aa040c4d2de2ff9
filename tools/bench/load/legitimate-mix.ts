import type { Request as AutocannonRequest } from 'autocannon';
import { AGE_GROUPS } from '@ratings/core';
import { createRandom, type Random } from '../common/prng';
import type { DemoCatalogue, DemoPool } from './demo-federation';

/**
 * The legitimate traffic: each connection repeats a visit of the public pages' queries, in the shapes the site
 * asks them: a ranking (a pool, unfiltered or filtered by category, age group or club), its next two pages through
 * the cursors the API returned, a player's profile (every history, no games), a rating list with its first
 * entries, a tournament with its standings and crosstable. Pools, filters and ids are drawn at random from the demo's real
 * ones, so the response cache sees thousands of different requests, not one. It is a publication day: each
 * player opens his own profile (any of the ranked players, uniformly), most visitors open a current list and
 * the tournaments it rated, and some browse older ones.
 */

/** The site's rankings page size (RANKING_PAGE_SIZE in apps/web), also the API's largest page. */
const PAGE_SIZE = 100;
/** A fixed seed: two runs ask the same sequence of pools, filters and ids (connections interleave it differently). */
/** Share of the list and tournament visits that go to a current list and the tournaments it rated. */
const PUBLICATION_DAY_SHARE = 0.8;
const MIX_SEED = 20_261_130;

const RANKINGS = `query Rankings($pool: String!, $first: Int!, $after: String, $category: String, $ageGroup: AgeGroup, $club: String) {
  rankings(pool: $pool, first: $first, after: $after, category: $category, ageGroup: $ageGroup, club: $club) {
    totalCount
    pageInfo { hasNextPage endCursor }
    list { id period effectiveDate revision }
    edges { node { rank rating provisional display games change bestPlayer
      player { id surname givenName titles federation club } category { code name nameEn } } }
  }
}`;

// The site's profile (PlayerProfile in apps/web): current and live ratings, every history's points and rated
// tournaments, without their games (the per-pool history page asks for those).
const PLAYER = `query Player($id: ID!) {
  player(id: $id) {
    id nationalId fideId surname givenName sex birthYear federation club titles status
    ratings { rating provisional display rank games listed rd category { code name nameEn } pool { code }
      list { id period effectiveDate upcoming } }
    liveRatings { rating display provisional officialRating officialDisplay difference games computedAt pool { code }
      tournaments { id name endDate } }
    histories {
      pool { code }
      points { period date rating provisional display rank gamesTotal change list { id revision } category { code name nameEn } }
      tournaments {
        id ratingBefore ratingAfter expected score gameCount k bonus performance change date
        tournament { id name city endDate }
      }
    }
  }
}`;

const RATING_LIST = `query RatingList($id: ID!, $first: Int!) {
  ratingList(id: $id) {
    id period effectiveDate revision pool { code }
    stats { players listed provisional newPlayers averageRating medianRating highestRating lowestRating games tournaments }
    distribution { from to count }
    entries(first: $first) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { rank display change player { id surname givenName } } }
    }
  }
}`;

const TOURNAMENT = `query Tournament($id: ID!) {
  tournament(id: $id) {
    id name city startDate endDate rounds type status pool { code } ratedIn { id period }
    standings {
      position startRank ratingAtStart points gamesPlayed performance
      player { id surname givenName club }
      ratingChange { ratingBefore ratingAfter change }
    }
    crosstable { startRank points results { round opponentStartRank color result points } }
  }
}`;

type Operation = 'Rankings' | 'Player' | 'RatingList' | 'Tournament';

/** A visit's state on its connection (autocannon clears it when the visit starts over). */
interface VisitContext {
  /** The ranking being browsed and where its next page starts. */
  ranking?: { variables: Record<string, unknown>; endCursor: string | null };
}

/** What the legitimate clients were answered, beyond autocannon's counts. */
export interface LegitimateTally {
  /** Answers received, by operation. */
  readonly requests: Map<Operation, number>;
  /** Distinct operation + variables sent: how many entries the response cache could hold at most. */
  readonly distinct: Set<string>;
  /** GraphQL errors in 2xx answers and the non-2xx answers, by operation and code or status. */
  readonly failures: Map<string, number>;
}

const pick = <T>(random: Random, values: readonly T[]): T => values[random.int(values.length)];
/** Mostly the day's news, sometimes the archive. */
const pickNewsOrArchive = <T>(random: Random, news: readonly T[], archive: readonly T[]): T =>
  random.next() < PUBLICATION_DAY_SHARE ? pick(random, news) : pick(random, archive);
const increment = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

function rankingFilter(random: Random, pool: DemoPool): Record<string, string> {
  switch (random.int(4)) {
    case 0:
      return {};
    case 1:
      return { category: pick(random, pool.categories) };
    case 2:
      return { ageGroup: pick(random, AGE_GROUPS).code };
    default:
      return { club: pick(random, pool.clubs) };
  }
}

/** The requests of one visit, in order, for autocannon's `requests` (it repeats them on each connection). */
export function legitimateVisit(catalogue: DemoCatalogue): { requests: AutocannonRequest[]; tally: LegitimateTally } {
  const random = createRandom(MIX_SEED);
  const tally: LegitimateTally = { requests: new Map(), distinct: new Set(), failures: new Map() };

  const graphql = (request: AutocannonRequest, operation: Operation, query: string, variables: object) => {
    tally.distinct.add(`${operation} ${JSON.stringify(variables)}`);
    return { ...request, body: JSON.stringify({ operationName: operation, query, variables }) };
  };
  const checked =
    (operation: Operation, onData?: (data: Record<string, unknown>, context: VisitContext) => void) =>
    (status: number, body: string, context: object) => {
      increment(tally.requests, operation);
      if (status < 200 || status >= 300) {
        increment(tally.failures, `${operation}: HTTP ${status}`);
        return;
      }
      let answer: { data?: Record<string, unknown>; errors?: { extensions?: { code?: string } }[] };
      try {
        answer = JSON.parse(body);
      } catch {
        increment(tally.failures, `${operation}: not JSON`);
        return;
      }
      if (answer.errors?.length) {
        for (const code of new Set(answer.errors.map((error) => error.extensions?.code ?? 'no code')))
          increment(tally.failures, `${operation}: ${code}`);
      } else if (answer.data) onData?.(answer.data, context as VisitContext);
    };
  const rememberPage = (data: Record<string, unknown>, context: VisitContext) => {
    const { pageInfo } = data.rankings as { pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    if (context.ranking) context.ranking.endCursor = pageInfo.hasNextPage ? pageInfo.endCursor : null;
  };

  const firstRankingPage = (request: AutocannonRequest, context: VisitContext) => {
    const pool = pick(random, catalogue.pools);
    const variables = { pool: pool.code, first: PAGE_SIZE, ...rankingFilter(random, pool) };
    context.ranking = { variables, endCursor: null };
    return graphql(request, 'Rankings', RANKINGS, variables);
  };
  // A ranking without a next page (a small club or age group): the visitor picks another ranking instead.
  const nextRankingPage: AutocannonRequest = {
    setupRequest: (request, context: VisitContext) => {
      if (!context.ranking?.endCursor) return firstRankingPage(request, context);
      return graphql(request, 'Rankings', RANKINGS, { ...context.ranking.variables, after: context.ranking.endCursor });
    },
    onResponse: checked('Rankings', rememberPage),
  };

  const requests: AutocannonRequest[] = [
    { setupRequest: firstRankingPage, onResponse: checked('Rankings', rememberPage) },
    nextRankingPage,
    nextRankingPage,
    {
      setupRequest: (request) => graphql(request, 'Player', PLAYER, { id: pick(random, catalogue.playerIds) }),
      onResponse: checked('Player'),
    },
    {
      setupRequest: (request) =>
        graphql(request, 'RatingList', RATING_LIST, {
          id: pickNewsOrArchive(random, catalogue.currentListIds, catalogue.listIds),
          first: PAGE_SIZE,
        }),
      onResponse: checked('RatingList'),
    },
    {
      setupRequest: (request) =>
        graphql(request, 'Tournament', TOURNAMENT, {
          id: pickNewsOrArchive(random, catalogue.currentTournamentIds, catalogue.tournamentIds),
        }),
      onResponse: checked('Tournament'),
    },
  ];
  return { requests, tally };
}
