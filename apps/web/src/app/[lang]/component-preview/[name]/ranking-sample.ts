import { categoryOf, DEFAULT_CATEGORIES, formatRating } from '@ratings/rating-rules';
import type { RankingEntryFieldsFragment, RankingPageQuery } from '@/__generated__/graphql';
import type { PoolData } from '@/lib/pools.queries';
import { RANKING_PAGE_SIZE } from '@/lib/rankings.queries';

/** How many players the sample list has: a mid-sized federation's list (the API benchmark's small one). */
const SAMPLE_LIST_PLAYERS = 40_000;
/** Clubs of the sample list's players, as tools/bench's data builder names them (`Club 0` … `Club 199`). */
const SAMPLE_CLUB_COUNT = 200;

/**
 * The first page of a 40,000-player list as the API answers `RankingPage` (same fields, same shape),
 * held in memory: the rankings page without an API, for the browser tests. The players look like tools/bench's `buildPublishedList`: `Joueur<id>, Test`, federation CAN,
 * `Club <id mod 200>`, one provisional rating in nine, one list (so no change since a previous one).
 */
export function rankingSample(): {
  pool: Pick<PoolData, 'code' | 'name' | 'nameFr' | 'categories'>;
  data: RankingPageQuery;
} {
  const list = { id: '1', period: '2026-11', effectiveDate: '2026-11-01', upcoming: false, revision: 0 };
  const nodes: RankingEntryFieldsFragment[] = Array.from({ length: RANKING_PAGE_SIZE }, (_, index) => {
    const id = 10_007 + ((index * 7_919) % 29_000);
    const rating = 2_760 - index * 4;
    const provisional = id % 9 === 0;
    const { code, name, nameEn } = categoryOf(rating);
    return {
      rank: index + 1,
      rating,
      provisional,
      display: formatRating(rating, provisional),
      games: 30 + (id % 200),
      change: null,
      bestPlayer: index === 0,
      player: {
        id: String(id),
        surname: `Joueur${id}`,
        givenName: 'Test',
        titles: [],
        federation: 'CAN',
        club: `Club ${id % SAMPLE_CLUB_COUNT}`,
      },
      category: { code, name, nameEn },
    };
  });
  const last = nodes[nodes.length - 1];
  // The API's cursor: base64url of `c1:` and the last row's sort key.
  const endCursor = Buffer.from(
    `c1:${JSON.stringify({ rank: last.rank, rating: last.rating, playerId: Number(last.player.id) })}`,
  ).toString('base64url');
  return {
    pool: {
      code: 'standard',
      name: 'Standard',
      nameFr: 'Lente',
      categories: DEFAULT_CATEGORIES.map(({ code, name, nameEn, min, max }) => ({ code, name, nameEn, min, max })),
    },
    data: {
      rankings: {
        totalCount: SAMPLE_LIST_PLAYERS,
        pageInfo: { hasNextPage: true, endCursor },
        list,
        edges: nodes.map((node) => ({ node })),
      },
      ratingLists: { edges: [{ node: list }] },
      pool: {
        clubs: Array.from({ length: SAMPLE_CLUB_COUNT }, (_, index) => `Club ${index}`).sort(),
        federations: ['CAN'],
      },
    },
  };
}
