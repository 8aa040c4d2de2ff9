import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiKey, createStaffUser, systemActor } from '@ratings/core';
import { rateEvents, type RatedGame } from '@ratings/rating-rules';
import { startTestApi, type TestApi } from './testing/api-harness';
import { GameResult } from './common/enums';

const fixture = (name: string) => readFileSync(join(__dirname, '__fixtures__', name), 'utf8');
const PASSWORD = 'correct horse battery staple';
const as = (bearer: string) => ({ authorization: `Bearer ${bearer}` });

/**
 * The monthly cycle as a rating officer does it, over GraphQL against a real database: sign
 * in, import two TRF reports, run the period, check the draft against an independent computation, publish,
 * fail to change the published list, correct a result, republish and read the difference. Each step is a test
 * on its own database that first does, with the helpers below, the steps it follows.
 */
describe('the rating officer’s month, over GraphQL', () => {
  let api: TestApi;
  beforeEach(async () => {
    api = await startTestApi();
  });
  afterEach(() => api?.stop());

  const IMPORT = `mutation($content: String!, $name: String) { importTrf(pool: "online", content: $content, fileName: $name) { tournamentId status players games skipped warnings } }`;

  /** The rating officer's account, signed in: his session's login answer. */
  async function signIn() {
    await createStaffUser(
      api.db,
      {
        email: 'officer@federation.example',
        displayName: 'Rating officer',
        role: 'RATING_OFFICER',
        password: PASSWORD,
      },
      systemActor('test'),
    );
    const login = await api.gql<{ login: any }>(
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token expiresAt staffUser { email role } } }`,
      { e: 'officer@federation.example', p: PASSWORD },
    );
    expect(login.errors).toBeUndefined();
    return login.data!.login;
  }

  /** A signed-in officer and the "online" pool he created: his token. */
  async function officerWithPool(): Promise<string> {
    const { token } = await signIn();
    const pool = await api.gql(
      `mutation { createPool(code: "online", name: "Online", nameFr: "En ligne", ratingSystem: GLICKO2) { code } }`,
      {},
      as(token),
    );
    expect(pool.errors).toBeUndefined();
    return token;
  }

  const importFixture = (token: string, file: string, name = file) =>
    api.gql<{ importTrf: any }>(IMPORT, { content: fixture(file), name }, as(token));

  const submit = (token: string, id: string) =>
    api.gql<{ submitTournament: any }>(
      `mutation($id: ID!) { submitTournament(id: $id) { status } }`,
      { id },
      as(token),
    );

  /** The pool's October: the Swiss and the round robin imported and submitted. */
  async function importedMonth() {
    const token = await officerWithPool();
    const swissId = String((await importFixture(token, 'open-sherbrooke-2026-swiss.trf')).data!.importTrf.tournamentId);
    const roundRobinId = String(
      (await importFixture(token, 'ferme-quebec-2026-round-robin.trf')).data!.importTrf.tournamentId,
    );
    for (const id of [swissId, roundRobinId])
      expect((await submit(token, id)).data!.submitTournament.status).toBe('ACCEPTED');
    return { token, swissId, roundRobinId };
  }

  const runPeriod = (token: string) =>
    api.gql<{ runRatingPeriod: any }>(
      `mutation { runRatingPeriod(pool: "online", period: "2026-11") { listId period periodStart periodEnd tournaments games players changes } }`,
      {},
      as(token),
    );

  /** importedMonth, then the 2026-11 period run into a draft list. */
  async function ratedMonth() {
    const month = await importedMonth();
    const run = await runPeriod(month.token);
    expect(run.errors).toBeUndefined();
    return { ...month, draftId: String(run.data!.runRatingPeriod.listId) };
  }

  const publish = (token: string, id: string) =>
    api.gql<{ publishRatingList: any }>(
      `mutation($id: ID!) { publishRatingList(id: $id) { id status revision } }`,
      { id },
      as(token),
    );

  /** ratedMonth, with its draft published. */
  async function publishedMonth() {
    const month = await ratedMonth();
    expect((await publish(month.token, month.draftId)).errors).toBeUndefined();
    return month;
  }

  it('signs in and creates the pool', async () => {
    const login = await signIn();
    expect(login.staffUser).toEqual({ email: 'officer@federation.example', role: 'RATING_OFFICER' });
    const me = await api.gql<{ me: any }>(`{ me { email role } }`, {}, as(login.token));
    expect(me.data!.me).toEqual({ email: 'officer@federation.example', role: 'RATING_OFFICER' });
    const pool = await api.gql<{ createPool: any }>(
      `mutation { createPool(code: "online", name: "Online", nameFr: "En ligne", ratingSystem: GLICKO2) { code ratingSystemId } }`,
      {},
      as(login.token),
    );
    expect(pool.data!.createPool).toEqual({ code: 'online', ratingSystemId: 'GLICKO2' });
  });

  it('imports a 9-round Swiss of 60 players with forfeits and byes, and a round robin', async () => {
    const token = await officerWithPool();
    const swiss = await importFixture(token, 'open-sherbrooke-2026-swiss.trf');
    expect(swiss.errors).toBeUndefined();
    const report = swiss.data!.importTrf;
    expect(report.status).toBe('IMPORTED');
    expect(report.players.created).toHaveLength(60);
    expect(report.players.matched).toHaveLength(0);
    // 9 rounds of 30 boards, minus one board in rounds 4 and 6 (a requested bye leaves 59 players: one more bye).
    expect(report.games).toEqual({ played: 265, unplayed: 0, forfeits: 3, byes: 4 });
    const swissId = String(report.tournamentId);

    // The report stays with the tournament, for its page, for staff only; the re-import below does not replace it.
    const KEPT = `query($id: ID!) { tournament(id: $id) { importReport { tournamentId status players games skipped warnings } } }`;
    const kept = async () => (await api.gql<any>(KEPT, { id: swissId }, as(token))).data.tournament.importReport;
    expect(await kept()).toEqual(report);
    const again = await importFixture(token, 'open-sherbrooke-2026-swiss.trf', 'copy.trf');
    expect(again.data!.importTrf).toMatchObject({ status: 'ALREADY_IMPORTED', tournamentId: report.tournamentId });
    expect(await kept()).toEqual(report);

    const rr = await importFixture(token, 'ferme-quebec-2026-round-robin.trf', 'rr.trf');
    expect(rr.data!.importTrf.games).toEqual({ played: 45, unplayed: 0, forfeits: 0, byes: 0 });
    const roundRobinId = String(rr.data!.importTrf.tournamentId);

    // Exported back as a FIDE report, the tournament reads the same: 60 players, 9 rounds.
    const trf = await fetch(`${api.origin}/exports/tournaments/${swissId}.trf`, { headers: as(token) });
    expect(trf.status).toBe(200);
    const lines = (await trf.text()).split(/\r?\n/);
    expect(lines.filter((line) => line.startsWith('001 '))).toHaveLength(60);
    expect(lines[0]).toBe('012 Open de Sherbrooke 2026');
    // A draft is the officer's: the public does not see it.
    expect((await fetch(`${api.origin}/exports/tournaments/${swissId}.trf`)).status).toBe(404);

    for (const id of [swissId, roundRobinId]) {
      // A rating officer's own submission is accepted at once.
      expect((await submit(token, id)).data!.submitTournament.status).toBe('ACCEPTED');
    }
    // Accepted, the tournament is public; its import report is not.
    const anonymous = await api.gql(KEPT, { id: swissId });
    expect(anonymous.errors?.map((error) => [error.path, error.extensions?.code])).toEqual([
      [['tournament', 'importReport'], 'UNAUTHENTICATED'],
    ]);
  });

  it('runs the period into a draft whose ratings match an independent computation with rating-rules', async () => {
    const { token, swissId, roundRobinId } = await importedMonth();
    const run = await runPeriod(token);
    expect(run.errors).toBeUndefined();
    expect(run.data!.runRatingPeriod).toMatchObject({
      period: '2026-11',
      periodStart: '2026-10-01',
      periodEnd: '2026-10-31',
      tournaments: 2,
      games: 310,
      players: 70,
      changes: 70,
    });
    const draftId = run.data!.runRatingPeriod.listId;
    // Independently: the played games as the database holds them, rated with rateEvents' object form.
    const games: { tournament_id: number; white_player_id: number; black_player_id: number; result: string }[] =
      await api.db.query(
        `SELECT g.tournament_id, g.white_player_id, g.black_player_id, g.result FROM games g JOIN tournaments t ON t.id = g.tournament_id
       WHERE g.played ORDER BY t.end_date, t.id, g.round, g.board NULLS LAST, g.id`,
      );
    const score: Record<string, 0 | 0.5 | 1> = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };
    const playerIds = [...new Set(games.flatMap((g) => [g.white_player_id, g.black_player_id]))];
    const events = [Number(swissId), Number(roundRobinId)].map((id) => ({
      id: String(id),
      date: id === Number(swissId) ? '2026-10-04' : '2026-10-18',
      period: '2026-11',
      games: games
        .filter((g) => g.tournament_id === id)
        .map((g): RatedGame => ({
          white: String(g.white_player_id),
          black: String(g.black_player_id),
          score: score[g.result],
        })),
    }));
    const expected = rateEvents(
      'glicko2',
      {},
      playerIds.map((id) => ({ id: String(id), rating: null, games: 0 })),
      events,
    );

    const draft = await api.gql<{ ratingList: any }>(
      `query($id: ID!) { ratingList(id: $id) { status entries(first: 100) { totalCount edges { node { rating provisional player { id } } } } } }`,
      { id: draftId },
      as(token),
    );
    expect(draft.errors).toBeUndefined();
    expect(draft.data!.ratingList.status).toBe('DRAFT');
    const shown = new Map<string, { rating: number; provisional: boolean }>(
      draft.data!.ratingList.entries.edges.map((e: any) => [
        e.node.player.id,
        { rating: e.node.rating, provisional: e.node.provisional },
      ]),
    );
    expect(shown.size).toBe(70);
    for (const player of expected.players) {
      expect(shown.get(player.id)).toEqual({ rating: Math.round(player.rating!), provisional: player.provisional });
    }
    // The public does not see drafts.
    expect((await api.gql(`query($id: ID!) { ratingList(id: $id) { id } }`, { id: draftId })).data).toEqual({
      ratingList: null,
    });
  });

  it('shows drafts to staff alone: a tournament and a list, their exports and their federation references', async () => {
    const { token, draftId } = await ratedMonth();
    const created = await api.gql<{ createTournament: any }>(
      `mutation { createTournament(input: { pool: "online", name: "Blitz de décembre", startDate: "2026-12-05", endDate: "2026-12-05", rounds: 5 }) { id status } }`,
      {},
      as(token),
    );
    expect(created.data!.createTournament.status).toBe('DRAFT');
    const tournamentId = created.data!.createTournament.id;
    const key = (await createApiKey(api.db, { name: 'Press', quotaPerMinute: 100 }, systemActor('test'))).secret;
    const READ = `query($t: ID!, $l: ID!, $r: [_Any!]!) { tournament(id: $t) { name status } ratingList(id: $l) { period status }
      _entities(representations: $r) { ... on Tournament { name } ... on RatingList { period } } }`;
    const variables = {
      t: tournamentId,
      l: draftId,
      r: [
        { __typename: 'Tournament', id: tournamentId },
        { __typename: 'RatingList', id: draftId },
      ],
    };
    const downloads = [`/exports/tournaments/${tournamentId}.trf`, `/exports/lists/${draftId}.csv`];

    const staff = await api.gql(READ, variables, as(token));
    expect(staff.errors).toBeUndefined();
    expect(staff.data).toEqual({
      tournament: { name: 'Blitz de décembre', status: 'DRAFT' },
      ratingList: { period: '2026-11', status: 'DRAFT' },
      _entities: [{ name: 'Blitz de décembre' }, { period: '2026-11' }],
    });
    for (const path of downloads) {
      expect((await fetch(`${api.origin}${path}`, { headers: as(token) })).status).toBe(200);
    }

    for (const headers of [{}, as(key)]) {
      const hidden = await api.gql(READ, variables, headers);
      expect(hidden.errors).toBeUndefined();
      expect(hidden.data).toEqual({ tournament: null, ratingList: null, _entities: [null, null] });
      for (const path of downloads) {
        const download = await fetch(`${api.origin}${path}`, { headers });
        expect(download.status).toBe(404);
        expect(await download.json()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
      }
    }
  });

  it('publishes; the published list cannot be changed through the API nor with plain SQL', async () => {
    const { token, swissId, draftId } = await ratedMonth();
    const published = await publish(token, draftId);
    expect(published.data!.publishRatingList).toEqual({ id: draftId, status: 'PUBLISHED', revision: 0 });
    const tournament = await api.gql<{ tournament: any }>(
      `query($id: ID!) { tournament(id: $id) { status ratedIn { id } } }`,
      { id: swissId },
    );
    expect(tournament.data!.tournament).toEqual({ status: 'RATED', ratedIn: { id: draftId } });

    const rerun = await api.gql(
      `mutation { runRatingPeriod(pool: "online", period: "2026-11") { listId } }`,
      {},
      as(token),
    );
    expect(rerun.errors?.[0].extensions?.code).toBe('CONFLICT');
    const republishDraft = await api.gql(
      `mutation($id: ID!) { publishRatingList(id: $id) { id } }`,
      { id: draftId },
      as(token),
    );
    expect(republishDraft.errors?.[0].extensions?.code).toBe('CONFLICT');
    await expect(
      api.db.query('UPDATE rating_list_entries SET rating = rating + 100 WHERE list_id = $1', [Number(draftId)]),
    ).rejects.toThrow(/is immutable: UPDATE on rating_list_entries refused/);
    await expect(api.db.query('DELETE FROM rating_lists WHERE id = $1', [Number(draftId)])).rejects.toThrow(
      /is immutable/,
    );
  });

  it('corrects a result, republishes, and the stored difference says who changed from what to what', async () => {
    const { token, swissId, draftId } = await publishedMonth();
    // The games as the API lists them are the tournament's rows, in round and board order, with their ids.
    const rows = await api.db.query(
      `SELECT id, round, board, result, played, white_player_id, black_player_id FROM games
        WHERE tournament_id = $1 ORDER BY round, board, id`,
      [Number(swissId)],
    );
    const listed = await api.gql<{ tournament: { games: any[] } }>(
      `query($id: ID!) { tournament(id: $id) { games { id round board result played white { id } black { id } } } }`,
      { id: swissId },
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.tournament.games).toEqual(
      rows.map((row: any) => ({
        id: String(row.id),
        round: row.round,
        board: row.board,
        result: GameResult.nameOf(row.result),
        played: row.played,
        white: { id: String(row.white_player_id) },
        black: row.black_player_id === null ? null : { id: String(row.black_player_id) },
      })),
    );
    const game = listed.data!.tournament.games.find((g) => g.played && g.result === 'WHITE_WINS');
    const corrected = await api.gql(
      `mutation($g: ID!) { correctGameResult(game: $g, result: BLACK_WINS, reason: "scoresheet read wrongly") { id } }`,
      { g: String(game.id) },
      as(token),
    );
    expect(corrected.errors).toBeUndefined();
    const [stored] = await api.db.query('SELECT result, played FROM games WHERE id = $1', [Number(game.id)]);
    expect(stored).toEqual({ result: '0-1', played: true });
    const republished = await api.gql<{ republishRatingList: any }>(
      `mutation($id: ID!) { republishRatingList(id: $id, reason: "Open de Sherbrooke: round 1 result corrected") { id revision reason corrects { id } diff { player { id } oldRating newRating oldRank newRank } } }`,
      { id: draftId },
      as(token),
    );
    expect(republished.errors).toBeUndefined();
    const list = republished.data!.republishRatingList;
    expect(list).toMatchObject({
      revision: 1,
      reason: 'Open de Sherbrooke: round 1 result corrected',
      corrects: { id: draftId },
    });
    // Both players of the corrected game changed rating; others may have moved in rank only.
    expect(list.diff.filter((row: any) => row.newRating !== row.oldRating).length).toBeGreaterThanOrEqual(2);
    for (const row of list.diff) expect([row.oldRating, row.oldRank]).not.toEqual([row.newRating, row.newRank]);
    // The old revision is kept, and the public ranking now reads the correction.
    expect(
      (
        await api.gql<{ ratingList: any }>(`query($id: ID!) { ratingList(id: $id) { status revision } }`, {
          id: draftId,
        })
      ).data!.ratingList,
    ).toEqual({ status: 'PUBLISHED', revision: 0 });
    const ranking = await api.gql<{ rankings: any }>(`{ rankings(pool: "online", first: 1) { list { revision } } }`);
    expect(ranking.data!.rankings.list.revision).toBe(1);
    const audit = await api.gql<{ auditEvents: any[] }>(
      `{ auditEvents(entityType: RATING_LIST, first: 10) { action actorLabel } }`,
      {},
      as(token),
    );
    expect(audit.data!.auditEvents.map((e) => e.action)).toEqual(
      expect.arrayContaining(['RUN_RATING_PERIOD', 'PUBLISH_RATING_LIST', 'REPUBLISH_RATING_LIST']),
    );
  });
});

/** Refusals change nothing: the tests share one API whose accounts and key are made once. */
describe('who may do what', () => {
  const MUTATIONS: [string, string][] = [
    ['createPool', 'mutation { createPool(code: "x", name: "X", ratingSystem: ELO) { code } }'],
    ['createPlayer', 'mutation { createPlayer(input: { surname: "Intrus" }) { id } }'],
    ['updatePlayer', 'mutation { updatePlayer(id: "1", input: { club: "x" }) { id } }'],
    ['mergePlayers', 'mutation { mergePlayers(keep: "1", remove: "2") { id } }'],
    [
      'createTournament',
      'mutation { createTournament(input: { pool: "online", name: "x", startDate: "2026-11-01", endDate: "2026-11-01", rounds: 1 }) { id } }',
    ],
    ['importTrf', 'mutation { importTrf(pool: "online", content: "012 x") { status } }'],
    ['submitTournament', 'mutation { submitTournament(id: "1") { id } }'],
    ['runRatingPeriod', 'mutation { runRatingPeriod(pool: "online", period: "2026-12") { listId } }'],
    ['publishRatingList', 'mutation { publishRatingList(id: "1") { id } }'],
    ['republishRatingList', 'mutation { republishRatingList(id: "1", reason: "x") { id } }'],
    ['correctGameResult', 'mutation { correctGameResult(game: "1", result: WHITE_WINS, reason: "x") { id } }'],
    ['createApiKey', 'mutation { createApiKey(name: "x", quotaPerMinute: 10) { secret } }'],
    ['revokeApiKey', 'mutation { revokeApiKey(id: "1") { id } }'],
    [
      'createStaffUser',
      'mutation { createStaffUser(email: "x@y.z", displayName: "x", role: ADMIN, password: "long enough password") { id } }',
    ],
    ['deactivateStaffUser', 'mutation { deactivateStaffUser(id: "1") { id } }'],
  ];
  let api: TestApi;
  let apiKey: string;
  let token: string;
  let adminToken: string;

  beforeAll(async () => {
    api = await startTestApi();
    const system = systemActor('test');
    const signIn = async (email: string, role: 'ADMIN' | 'RATING_OFFICER') => {
      await createStaffUser(api.db, { email, displayName: role, role, password: PASSWORD }, system);
      const login = await api.gql<{ login: any }>(
        `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
        { e: email, p: PASSWORD },
      );
      return login.data!.login.token as string;
    };
    token = await signIn('officer@federation.example', 'RATING_OFFICER');
    adminToken = await signIn('admin@federation.example', 'ADMIN');
    apiKey = (await createApiKey(api.db, { name: 'Club app', quotaPerMinute: 100 }, system)).secret;
  });
  afterAll(() => api?.stop());

  it.each(MUTATIONS)(
    '%s is refused without a token (UNAUTHENTICATED) and with an API key (FORBIDDEN)',
    async (_name, mutation) => {
      const anonymous = await api.gql(mutation);
      expect(anonymous.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const withKey = await api.gql(mutation, {}, as(apiKey));
      expect(withKey.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    },
  );

  it.each(
    MUTATIONS.filter(
      ([name]) => !['createApiKey', 'revokeApiKey', 'createStaffUser', 'deactivateStaffUser'].includes(name),
    ),
  )('%s is refused to an ADMIN (FORBIDDEN: rating officer’s work)', async (_name, mutation) => {
    const res = await api.gql(mutation, {}, as(adminToken));
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it.each(
    MUTATIONS.filter(([name]) =>
      ['createApiKey', 'revokeApiKey', 'createStaffUser', 'deactivateStaffUser'].includes(name),
    ),
  )('%s is refused to a RATING_OFFICER (FORBIDDEN: administrator’s work)', async (_name, mutation) => {
    const res = await api.gql(mutation, {}, as(token));
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses a forged or expired token and an unknown key with 401 UNAUTHENTICATED', async () => {
    for (const bearer of [`${token}x`, 'rk_nope_nope', 'garbage']) {
      const res = await api.gql(`{ pools { code } }`, {}, as(bearer));
      expect(res.status).toBe(401);
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    }
  });
});

describe('quotas', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ engine: 'pglite', config: { anonymousPerMinute: 3, rateLimitExemptIps: new Set() } });
  });
  afterAll(() => api?.stop());

  it('announces the remaining quota on every response and answers 429 RATE_LIMITED with Retry-After past it', async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api.gql(`{ pools { code } }`);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get('ratelimit-remaining'));
      expect(res.headers.get('ratelimit-limit')).toBe('3');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await api.gql(`{ pools { code } }`);
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const key = (await createApiKey(api.db, { name: 'Partner', quotaPerMinute: 50 }, systemActor('test'))).secret;
    const withKey = await api.gql(`{ pools { code } }`, {}, { authorization: `Bearer ${key}` });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get('ratelimit-limit')).toBe('50');
    expect(withKey.headers.get('ratelimit-remaining')).toBe('49');
  });
});
