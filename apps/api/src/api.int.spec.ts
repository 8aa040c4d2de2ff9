import { jest } from '@jest/globals';
import { createStaffUser, systemActor } from '@ratings/core';
import { makePool, makeRatingList, makeRatingListEntry, publishRatingList } from '@ratings/core/testing';
import { calculateGame, expectedScore } from '@ratings/rating-rules';
import { startTestApi, type TestApi } from './testing/api-harness';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

let api: TestApi;
let fed: SmallFederation;
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  api = await startTestApi();
  fed = await buildSmallFederation(api.db);
});
afterAll(() => api?.stop());

const PROFILE = `query Profile($id: ID!) {
  player(id: $id) {
    id surname givenName sex birthYear federation club
    ratings { pool { code } rating provisional display rank games category { code name } list { period revision } }
    history(pool: "standard") {
      pool { code }
      points { period date rating display rank change list { id revision } category { code } }
      tournaments {
        tournament { name } ratingBefore ratingAfter expected score gameCount k bonus performance change
        games { round color opponent { surname } opponentRating score expected change }
      }
    }
  }
}`;

describe('players', () => {
  it('serves a profile with its current ratings and full history in one request', async () => {
    const res = await api.gql<{ player: any }>(PROFILE, { id: String(fed.junior.id) });
    expect(res.errors).toBeUndefined();
    const player = res.data!.player;
    expect(player).toMatchObject({ surname: 'Tremblay', givenName: 'Noah', sex: 'M', birthYear: 2015 });
    // The in-force November list is the correction (revision 1): 2390 + 10.
    expect(player.ratings).toEqual([
      {
        pool: { code: 'standard' },
        rating: 2400,
        provisional: false,
        display: '2400',
        rank: 2,
        games: 29,
        category: { code: 'GM', name: 'Grand Maître' },
        list: { period: '2026-11', revision: 1 },
      },
    ]);
    expect(player.history.points.map((p: any) => [p.period, p.rating, p.change, p.list.revision])).toEqual([
      ['2026-10', 2390, null, 0],
      ['2026-11', 2400, 10, 1],
    ]);
    // The change comes from the correction, the revision in force (revision 0 said +25).
    expect(player.history.tournaments).toEqual([
      {
        tournament: { name: 'Open de Québec' },
        ratingBefore: 2390,
        ratingAfter: 2400,
        expected: 0.5,
        score: 1,
        gameCount: 1,
        k: 32,
        bonus: 0,
        performance: 2850,
        change: 10,
        games: [
          {
            round: 1,
            color: 'BLACK',
            opponent: { surname: 'Lévesque' },
            opponentRating: 2450,
            score: 1,
            expected: 0.5,
            change: 10,
          },
        ],
      },
    ]);
  });

  it('reads a rated tournament change with its per-game breakdown from the list that published it', async () => {
    const res = await api.gql<{ tournament: any }>(
      `query($id: ID!) { tournament(id: $id) { name status ratedIn { id }
          ratingChanges { player { surname } ratingBefore ratingAfter score k change games { opponent { surname } opponentRating expected } } } }`,
      { id: String(fed.tournament.id) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.tournament).toMatchObject({
      name: 'Open de Québec',
      status: 'RATED',
      ratedIn: { id: String(fed.novemberCorrection.id) },
    });
    // The changes shown are those of the revision in force, best gain first.
    expect(res.data!.tournament.ratingChanges).toEqual([
      {
        player: { surname: 'Tremblay' },
        ratingBefore: 2390,
        ratingAfter: 2400,
        score: 1,
        k: 32,
        change: 10,
        games: [{ opponent: { surname: 'Lévesque' }, opponentRating: 2450, expected: 0.5 }],
      },
      {
        player: { surname: 'Lévesque' },
        ratingBefore: 2450,
        ratingAfter: 2440,
        score: 0,
        k: 32,
        change: -10,
        games: [{ opponent: { surname: 'Tremblay' }, opponentRating: 2390, expected: 0.5 }],
      },
    ]);
  });

  it('returns null for an unknown player and BAD_USER_INPUT naming the argument for a malformed id', async () => {
    expect((await api.gql(`{ player(id: "999999") { id } }`)).data).toEqual({ player: null });
    const malformed = await api.gql(`{ player(id: "abc") { id } }`);
    expect(malformed.status).toBe(200);
    expect(malformed.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'id' });
    expect(malformed.errors?.[0].message).toContain('"abc" is not a valid id');
  });

  it('finds "Lévesque" for "levesque" and "LEVESQUE emilie"', async () => {
    for (const search of ['levesque', 'LEVESQUE emilie', 'émilie lévesque']) {
      const res = await api.gql<{ players: any }>(
        `query($s: String) { players(search: $s) { totalCount edges { node { surname givenName } } } }`,
        { s: search },
      );
      expect(res.data!.players).toEqual({
        totalCount: 1,
        edges: [{ node: { surname: 'Lévesque', givenName: 'Émilie' } }],
      });
    }
  });

  it('pages the directory with opaque cursors and refuses bad page sizes and cursors', async () => {
    const page = (after?: string) =>
      api.gql<{ players: any }>(
        `query($after: String) { players(first: 12, after: $after) { totalCount pageInfo { hasNextPage endCursor } edges { node { id } } } }`,
        { after },
      );
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const { data } = await page(after);
      seen.push(...data!.players.edges.map((e: any) => e.node.id));
      expect(data!.players.totalCount).toBe(30);
      if (!data!.players.pageInfo.hasNextPage) break;
      after = data!.players.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);

    const tooMany = await api.gql(`{ players(first: 101) { totalCount } }`);
    expect(tooMany.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    const badCursor = await api.gql(`{ players(after: "not-a-cursor") { totalCount } }`);
    expect(badCursor.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'after' });
  });
});

describe('rankings', () => {
  const RANKINGS = `query($pool: String!, $category: String, $sex: Sex, $ageGroup: AgeGroup, $asOf: Date, $list: ID, $first: Int, $after: String) {
    rankings(pool: $pool, category: $category, sex: $sex, ageGroup: $ageGroup, asOf: $asOf, list: $list, first: $first, after: $after) {
      totalCount list { period revision }
      pageInfo { hasNextPage endCursor }
      edges { node { rank rating display provisional change bestPlayer category { code } player { surname } } }
    }
  }`;

  it('ranks the current list with the best-player badge and the change since the previous list', async () => {
    const { data, errors } = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', first: 3 });
    expect(errors).toBeUndefined();
    expect(data!.rankings.list).toEqual({ period: '2026-11', revision: 1 });
    expect(data!.rankings.totalCount).toBe(30);
    expect(data!.rankings.edges.map((e: any) => e.node)).toEqual([
      {
        rank: 1,
        rating: 2450,
        display: '2450',
        provisional: false,
        change: 0,
        bestPlayer: true,
        category: { code: 'GM' },
        player: { surname: 'Lévesque' },
      },
      {
        rank: 2,
        rating: 2400,
        display: '2400',
        provisional: false,
        change: 10,
        bestPlayer: false,
        category: { code: 'GM' },
        player: { surname: 'Tremblay' },
      },
      {
        rank: 3,
        rating: 2330,
        display: '2330',
        provisional: false,
        change: 0,
        bestPlayer: false,
        category: { code: 'M' },
        player: { surname: 'Joueur00' },
      },
    ]);
  });

  it('filters by category, sex and age group, and pages inside a category', async () => {
    const masters = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', category: 'M', first: 2 });
    expect(masters.data!.rankings.totalCount).toBe(3); // 2330, 2270, 2210 (Maître: 2200–2399)
    const next = await api.gql<{ rankings: any }>(RANKINGS, {
      pool: 'standard',
      category: 'M',
      first: 2,
      after: masters.data!.rankings.pageInfo.endCursor,
    });
    expect([...masters.data!.rankings.edges, ...next.data!.rankings.edges].map((e: any) => e.node.rating)).toEqual([
      2330, 2270, 2210,
    ]);
    expect(next.data!.rankings.pageInfo.hasNextPage).toBe(false);

    const women = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', sex: 'F', first: 100 });
    expect(
      women.data!.rankings.edges.every(
        (e: any) => e.node.player.surname === 'Lévesque' || e.node.player.surname.startsWith('Joueur'),
      ),
    ).toBe(true);
    expect(women.data!.rankings.totalCount).toBe(1 + 7); // Lévesque and every fourth Joueur

    const u12 = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', ageGroup: 'U12', first: 10 });
    expect(u12.data!.rankings.edges.map((e: any) => e.node.player.surname)).toEqual(['Tremblay']); // born 2015: 11 in 2026
  });

  it('answers asOf with the list in force on that date', async () => {
    const october = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', asOf: '2026-10-15', first: 2 });
    expect(october.data!.rankings.list).toEqual({ period: '2026-10', revision: 0 });
    expect(october.data!.rankings.edges[1].node).toMatchObject({ rating: 2390, change: null });
    const before = await api.gql<{ rankings: any }>(RANKINGS, { pool: 'standard', asOf: '2020-01-01' });
    expect(before.data!.rankings).toMatchObject({ list: null, totalCount: 0, edges: [] });
  });

  it('refuses unknown pools and categories, malformed dates and both list and asOf', async () => {
    const pool = await api.gql(RANKINGS, { pool: 'nope' });
    expect(pool.errors?.[0]).toMatchObject({
      message: 'pool nope does not exist',
      extensions: { code: 'NOT_FOUND' },
    });
    const category = await api.gql(RANKINGS, { pool: 'standard', category: 'Z' });
    expect(category.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'category' });
    const date = await api.gql(RANKINGS, { pool: 'standard', asOf: '2026-02-30' });
    expect(date.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(date.errors?.[0].message).toContain('$asOf');
    const both = await api.gql(RANKINGS, { pool: 'standard', asOf: '2026-11-02', list: String(fed.october.id) });
    expect(both.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'asOf' });
  });

  it('loads players in one batch: the statement count does not grow with the page size', async () => {
    const small = await api.countQueries(() => api.gql(RANKINGS, { pool: 'standard', first: 5, category: 'C' }));
    const large = await api.countQueries(() => api.gql(RANKINGS, { pool: 'standard', first: 100, category: 'E' }));
    expect(large).toBe(small);
    // At most 8 reads, plus the public read transaction's begin, settings and end.
    expect(large).toBeLessThanOrEqual(8 + 3);
  });
});

describe('what the site needs besides', () => {
  it('lists the biggest gains, every pool’s history, clubs, a jump to a rank and tournaments by status', async () => {
    const { data, errors } = await api.gql<any>(
      `query($id: ID!) {
        pool(code: "standard") { clubs federations systemParams currentList { biggestGains(first: 3) { player { surname } rating change } } }
        player(id: $id) { histories { pool { code } points { rating } } }
        rankings(pool: "standard", fromRank: 29, first: 5) { totalCount edges { node { rank } } }
        rated: tournaments(status: RATED) { totalCount }
        accepted: tournaments(status: ACCEPTED) { totalCount }
      }`,
      { id: String(fed.junior.id) },
    );
    expect(errors).toBeUndefined();
    expect(data.pool.currentList.biggestGains).toEqual([{ player: { surname: 'Tremblay' }, rating: 2400, change: 10 }]);
    expect(data.pool.clubs).toEqual(
      expect.arrayContaining(["Club d'échecs de Montréal", 'Club A', 'Club B', 'Échiquier de Québec']),
    );
    expect(data.pool.federations).toEqual(['CAN']);
    expect(data.pool.systemParams).toMatchObject({ halvedAbove: 2200, rounding: 'half-away-from-zero' });
    expect(data.player.histories).toEqual([
      { pool: { code: 'standard' }, points: [{ rating: 2390 }, { rating: 2400 }] },
    ]);
    expect(data.rankings).toEqual({ totalCount: 30, edges: [{ node: { rank: 29 } }, { node: { rank: 30 } }] });
    expect([data.rated.totalCount, data.accepted.totalCount]).toEqual([1, 0]);
  });
});

describe('rating lists', () => {
  it('lists the in-force revision of each period, with revisions, diff, distribution and stats', async () => {
    const { data, errors } = await api.gql<{
      ratingLists: any;
    }>(`{ ratingLists(pool: "standard") { totalCount edges { node {
        id period revision reason revisions { revision } corrects { revision }
        diff { player { surname } oldRating newRating oldRank newRank }
        distribution { from to count }
        stats { players listed provisional highestRating lowestRating games tournaments }
        exports { csv xml }
      } } } }`);
    expect(errors).toBeUndefined();
    const [november, october] = data!.ratingLists.edges.map((e: any) => e.node);
    expect(data!.ratingLists.totalCount).toBe(2);
    expect(november).toMatchObject({
      period: '2026-11',
      revision: 1,
      reason: 'Result of round 1 corrected',
      revisions: [{ revision: 0 }, { revision: 1 }],
      corrects: { revision: 0 },
    });
    expect(november.diff).toEqual([
      { player: { surname: 'Tremblay' }, oldRating: 2415, newRating: 2400, oldRank: 2, newRank: 2 },
    ]);
    expect(november.stats).toEqual({
      players: 30,
      listed: 30,
      provisional: 5,
      highestRating: 2450,
      lowestRating: 2450 - 29 * 60,
      games: 1,
      tournaments: 1,
    });
    expect(november.distribution.reduce((sum: number, b: any) => sum + b.count, 0)).toBe(30);
    expect(november.distribution[0]).toEqual({ from: 700, to: 799, count: 2 }); // 710 and 770
    expect(november.exports.csv).toBe(`${api.origin}/exports/lists/${november.id}.csv`);
    expect(october).toMatchObject({ period: '2026-10', revision: 0, diff: [], corrects: null });
  });

  it('hides drafts and unknown ids', async () => {
    expect((await api.gql(`{ ratingList(id: "424242") { id } }`)).data).toEqual({ ratingList: null });
  });
});

describe('tournaments', () => {
  it('shows standings with performance and the crosstable', async () => {
    const { data, errors } = await api.gql<{ tournament: any }>(
      `query($id: ID!) { tournament(id: $id) { rounds pool { code }
          standings { position player { surname } points performance results { round opponent { surname } color result points played } }
          crosstable { startRank player { surname } } } }`,
      { id: String(fed.tournament.id) },
    );
    expect(errors).toBeUndefined();
    expect(data!.tournament.standings).toEqual([
      {
        position: 1,
        player: { surname: 'Tremblay' },
        points: 1,
        performance: 2450 + 400,
        results: [
          {
            round: 1,
            opponent: { surname: 'Lévesque' },
            color: 'BLACK',
            result: 'BLACK_WINS',
            points: 1,
            played: true,
          },
        ],
      },
      {
        position: 2,
        player: { surname: 'Lévesque' },
        points: 0,
        performance: 2390 - 400,
        results: [
          {
            round: 1,
            opponent: { surname: 'Tremblay' },
            color: 'WHITE',
            result: 'BLACK_WINS',
            points: 0,
            played: true,
          },
        ],
      },
    ]);
    expect(data!.tournament.crosstable.map((r: any) => r.startRank)).toEqual([1, 2]);
  });

  it('searches tournaments by name without accents and by date range', async () => {
    const found = await api.gql<{ tournaments: any }>(
      `{ tournaments(search: "quebec", from: "2026-10-01", to: "2026-10-31") { totalCount edges { node { name } } } }`,
    );
    expect(found.data!.tournaments).toEqual({ totalCount: 1, edges: [{ node: { name: 'Open de Québec' } }] });
    const none = await api.gql<{ tournaments: any }>(`{ tournaments(from: "2026-11-01") { totalCount } }`);
    expect(none.data!.tournaments.totalCount).toBe(0);
  });
});

describe('rating systems and the calculator', () => {
  it('lists the five systems with their parameters', async () => {
    const { data } = await api.gql<{ ratingSystems: any[] }>(
      `{ ratingSystems { id name nameFr ratingUnit parameters { key type default source } } }`,
    );
    expect(data!.ratingSystems.map((s) => s.id).sort()).toEqual(['ELO', 'ELO_PROVISIONAL', 'FIDE', 'FQE', 'GLICKO2']);
    const glicko = data!.ratingSystems.find((s) => s.id === 'GLICKO2');
    expect(glicko.parameters.find((p: any) => p.key === 'tau')).toMatchObject({ default: 0.5 });
  });

  it('computes the calculator page’s game through calculateGame: the same numbers as the library', async () => {
    const { data, errors } = await api.gql<{
      calculate: any;
    }>(`{ calculate(rating: 1600, opponent: 1200, score: 1, k: 32) {
        expected opponentExpected change changeRounded newRating opponentNewRating
        scenarios { win { changeRounded } draw { changeRounded newRating } loss { changeRounded } }
        curve { difference expected } } }`);
    expect(errors).toBeUndefined();
    const expected = calculateGame({ rating: 1600, opponent: 1200, score: 1, k: 32 });
    expect(data!.calculate).toMatchObject({
      expected: expected.expected,
      change: expected.change,
      changeRounded: 3,
      newRating: 1603,
      opponentNewRating: expected.opponentNewRating,
      scenarios: {
        win: { changeRounded: 3 },
        draw: { changeRounded: expected.scenarios.draw.changeRounded, newRating: expected.scenarios.draw.newRating },
        loss: { changeRounded: expected.scenarios.loss.changeRounded },
      },
    });
    expect(data!.calculate.expected).toBeCloseTo(0.909091, 6);
    expect(data!.calculate.curve).toHaveLength(161);
    expect(data!.calculate.curve[80]).toEqual({ difference: 0, expected: 0.5 });
    expect(data!.calculate.curve[120].expected).toBeCloseTo(expectedScore(1400, 1000), 12);
  });

  it('refuses a score outside {0, ½, 1} and a non-positive K, naming the argument', async () => {
    const score = await api.gql(`{ calculate(rating: 1500, opponent: 1500, score: 0.7) { change } }`);
    expect(score.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'score' });
    const k = await api.gql(`{ calculate(rating: 1500, opponent: 1500, score: 1, k: 0) { change } }`);
    expect(k.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'k' });
  });
});

describe('response cache', () => {
  it('serves a public query from memory until a staff mutation (or the time limit) says the data may have changed', async () => {
    const QUERY = `query($id: ID!) { player(id: $id) { club } }`;
    const id = String(fed.players[5].id);
    const first = await api.gql<{ player: { club: string } }>(QUERY, { id });
    await api.db.query(`UPDATE players SET club = 'Changé ailleurs' WHERE id = $1`, [Number(id)]);
    const cached = async () => (await api.gql<{ player: { club: string } }>(QUERY, { id })).data!.player.club;
    expect(await cached()).toBe(first.data!.player.club);
    // Anyone may send a mutation: a refused sign-in changes nothing, and does not empty the cache.
    await api.gql(`mutation { login(email: "nobody@example.org", password: "wrong password here") { token } }`);
    expect(await cached()).toBe(first.data!.player.club);

    await createStaffUser(
      api.db,
      { email: 'officer@federation.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
      systemActor('test'),
    );
    const login = await api.gql<{ login: { token: string } }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
      { e: 'officer@federation.example', p: PASSWORD },
    );
    const updated = await api.gql(
      `mutation($id: ID!) { updatePlayer(id: $id, input: { club: "Nouveau club" }) { club } }`,
      { id },
      { authorization: `Bearer ${login.data!.login.token}` },
    );
    expect(updated.errors).toBeUndefined();
    expect(await cached()).toBe('Nouveau club');
  });

  it('serialises an answer once, and sends a kept one as it was kept, without parsing it again', async () => {
    const QUERY = `query($id: ID!) { player(id: $id) { surname givenName ratings { rating } } }`;
    const ask = async () => {
      const response = await fetch(`${api.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: QUERY, variables: { id: String(fed.levesque.id) } }),
      });
      return response.text();
    };
    const parse = jest.spyOn(JSON, 'parse');
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const first = await ask();
      const answer = JSON.stringify(JSON.parse(first));
      const serialisedOnce = stringify.mock.results.filter((result) => result.value === answer);
      expect(serialisedOnce).toHaveLength(2); // by the server, then by this test
      parse.mockClear();
      stringify.mockClear();
      expect(await ask()).toBe(first);
      expect(parse.mock.calls.filter(([text]) => text === answer)).toEqual([]);
      expect(stringify.mock.results.filter((result) => result.value === answer)).toEqual([]);
    } finally {
      parse.mockRestore();
      stringify.mockRestore();
    }
  });
});

describe('federation', () => {
  it('resolves Player, Tournament and RatingList entities by key', async () => {
    const { data, errors } = await api.gql<{ _entities: any[] }>(
      `query($r: [_Any!]!) { _entities(representations: $r) {
          ... on Player { surname } ... on Tournament { name } ... on RatingList { period revision } } }`,
      {
        r: [
          { __typename: 'Player', id: String(fed.levesque.id) },
          { __typename: 'Tournament', id: String(fed.tournament.id) },
          { __typename: 'RatingList', id: String(fed.novemberCorrection.id) },
          { __typename: 'Player', id: '999999' },
        ],
      },
    );
    expect(errors).toBeUndefined();
    expect(data!._entities).toEqual([
      { surname: 'Lévesque' },
      { name: 'Open de Québec' },
      { period: '2026-11', revision: 1 },
      null,
    ]);
  });
});

describe('limits, errors and health', () => {
  it('rejects too deep and too expensive queries with a clear message', async () => {
    const deep = await api.gql(
      `{ rankings(pool: "standard") { edges { node { player { history(pool: "standard") { tournaments { tournament { standings { results { opponent { ratings { list { pool { currentList { id } } } } } } } } } } } } } } }`,
    );
    expect(deep.status).toBe(400);
    expect(deep.errors?.[0].extensions).toEqual({ code: 'QUERY_TOO_DEEP', limit: 'maxDepth', max: 12 });
    expect(deep.errors?.[0].message).toMatch(/levels deep; the limit is 12/);
    const costly = await api.gql(
      `{ players(first: 100) { edges { node { ratings { list { entries(first: 100) { edges { node { player { id surname } } } } } } } } } }`,
    );
    expect(costly.status).toBe(400);
    expect(costly.errors?.[0].extensions).toEqual({ code: 'QUERY_TOO_COSTLY', limit: 'maxCost', max: 50_000 });
    expect(costly.errors?.[0].message).toMatch(/would resolve about \d+ fields; the limit is 50000/);
  });

  it('reports the database state on /healthz', async () => {
    const response = await fetch(`${api.origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: { status: 'up', migrationsPending: false } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// Last: it adds a second pool to the federation the other blocks read.
describe('statements per public page', () => {
  beforeAll(async () => {
    const rapid = await makePool(api.db, { code: 'rapid', name: 'Rapid', nameFr: 'Rapide', ratingSystemId: 'fqe' });
    const list = await makeRatingList(api.db, { poolId: rapid.id, period: '2026-11', ratingSystemId: 'fqe' });
    await makeRatingListEntry(api.db, { listId: list.id, playerId: fed.junior.id, rating: 2100 });
    await publishRatingList(api.db, list.id);
  });

  it('reads every pool of a profile’s history in one query for its lines and one for its tournaments', async () => {
    const histories = `query($id: ID!) { player(id: $id) { histories { pool { code } points { rating } tournaments { change } } } }`;
    let data: any;
    // Each count runs the query again, past the response cache.
    const count = (sql: RegExp) => {
      api.responseCache.clear();
      return api.countQueries(
        async () => ({ data } = await api.gql<any>(histories, { id: String(fed.junior.id) })),
        sql,
      );
    };
    expect(await count(/^SELECT \* FROM player_history_change_rows\(/)).toBe(1);
    expect(data.player.histories).toEqual([
      { pool: { code: 'standard' }, points: [{ rating: 2390 }, { rating: 2400 }], tournaments: [{ change: 10 }] },
      { pool: { code: 'rapid' }, points: [{ rating: 2100 }], tournaments: [] },
    ]);
    expect(await count(/^SELECT \* FROM player_history_point_rows\(/)).toBe(1);
    expect(await count(/^SELECT id FROM players WHERE id = \$1 OR merged_into_id = \$1/)).toBe(1);
  });

  it('computes a tournament’s standings once when the page asks for the standings and the crosstable', async () => {
    const page = `query($id: ID!) { tournament(id: $id) {
      standings { position points player { surname } }
      crosstable { startRank results { round result } } } }`;
    let data: any;
    const participantReads = await api.countQueries(
      async () => ({ data } = await api.gql<any>(page, { id: String(fed.tournament.id) })),
      /FROM "tournament_participants"/,
    );
    expect(participantReads).toBe(1);
    expect(data.tournament.standings.map((row: any) => [row.position, row.points, row.player.surname])).toEqual([
      [1, 1, 'Tremblay'],
      [2, 0, 'Lévesque'],
    ]);
    expect(data.tournament.crosstable.map((row: any) => row.startRank)).toEqual([1, 2]);
  });
});
