import { createApiKey, createStaffUser, systemActor, type StaffRole } from '@ratings/core';
import { makePool } from '@ratings/core/testing';
import { startTestApi, type TestApi } from './testing/api-harness';

const PASSWORD = 'correct horse battery staple';
type Caller = StaffRole | 'API_KEY' | 'ANONYMOUS';
const STAFF_ROLES: StaffRole[] = ['ADMIN', 'RATING_OFFICER', 'ARBITER'];

/**
 * Every mutation (and staff-only query) and who may call it. The ids name nothing, so an allowed call fails
 * further on (NOT_FOUND, BAD_USER_INPUT, CONFLICT) or succeeds: what matters is that it got past the role check.
 */
const OPERATIONS: [string, StaffRole[], string][] = [
  [
    'createStaffUser',
    ['ADMIN'],
    'mutation { createStaffUser(email: "new@fed.example", displayName: "x", role: ARBITER, password: "long enough password") { id } }',
  ],
  ['deactivateStaffUser', ['ADMIN'], 'mutation { deactivateStaffUser(id: "999") { id } }'],
  ['updateStaffUser', ['ADMIN'], 'mutation { updateStaffUser(id: "999", role: ARBITER) { id } }'],
  ['createApiKey', ['ADMIN'], 'mutation { createApiKey(name: "x", quotaPerMinute: 10) { secret } }'],
  ['revokeApiKey', ['ADMIN'], 'mutation { revokeApiKey(id: "999") { id } }'],
  ['createPool', ['RATING_OFFICER'], 'mutation { createPool(code: "x", name: "X", ratingSystem: ELO) { code } }'],
  ['createPlayer', ['RATING_OFFICER', 'ARBITER'], 'mutation { createPlayer(input: { surname: "Nouveau" }) { id } }'],
  ['updatePlayer', ['RATING_OFFICER'], 'mutation { updatePlayer(id: "999", input: { club: "x" }) { id } }'],
  ['mergePlayers', ['RATING_OFFICER'], 'mutation { mergePlayers(keep: "998", remove: "999") { id } }'],
  [
    'createTournament',
    ['RATING_OFFICER', 'ARBITER'],
    'mutation { createTournament(input: { pool: "standard", name: "x", startDate: "2026-11-01", endDate: "2026-11-01", rounds: 1 }) { id } }',
  ],
  [
    'updateTournament',
    ['RATING_OFFICER', 'ARBITER'],
    'mutation { updateTournament(id: "999", input: { name: "y" }) { id } }',
  ],
  [
    'addParticipants',
    ['RATING_OFFICER', 'ARBITER'],
    'mutation { addParticipants(tournament: "999", players: [{ player: "1" }]) { id } }',
  ],
  [
    'recordGames',
    ['RATING_OFFICER', 'ARBITER'],
    'mutation { recordGames(tournament: "999", games: [{ round: 1, white: "1", result: BYE_FULL }]) { id } }',
  ],
  ['submitTournament', ['RATING_OFFICER', 'ARBITER'], 'mutation { submitTournament(id: "999") { id } }'],
  ['reopenTournament', ['RATING_OFFICER', 'ARBITER'], 'mutation { reopenTournament(id: "999") { id } }'],
  ['acceptTournament', ['RATING_OFFICER'], 'mutation { acceptTournament(id: "999") { id } }'],
  ['returnTournament', ['RATING_OFFICER'], 'mutation { returnTournament(id: "999", reason: "x") { id } }'],
  ['importTrf', ['RATING_OFFICER', 'ARBITER'], 'mutation { importTrf(pool: "standard", content: "012 x") { status } }'],
  ['runRatingPeriod', ['RATING_OFFICER'], 'mutation { runRatingPeriod(pool: "nope", period: "2026-12") { listId } }'],
  ['publishRatingList', ['RATING_OFFICER'], 'mutation { publishRatingList(id: "999") { id } }'],
  ['republishRatingList', ['RATING_OFFICER'], 'mutation { republishRatingList(id: "999", reason: "x") { id } }'],
  [
    'importRatingList',
    ['RATING_OFFICER'],
    'mutation { importRatingList(pool: "nope", format: CSV, content: "x") { status } }',
  ],
  [
    'correctGameResult',
    ['RATING_OFFICER'],
    'mutation { correctGameResult(game: "999", result: WHITE_WINS, reason: "x") { id } }',
  ],
  [
    'createWebhook',
    ['ADMIN'],
    'mutation { createWebhook(url: "https://receiver.example/hook", secret: "sixteen characters+") { id } }',
  ],
  ['deleteWebhook', ['ADMIN'], 'mutation { deleteWebhook(id: "999") }'],
  ['webhooks', ['ADMIN'], '{ webhooks { id } }'],
  ['staffUsers', ['ADMIN'], '{ staffUsers { totalCount } }'],
  ['apiKeys', ['ADMIN'], '{ apiKeys { totalCount } }'],
  ['auditEvents', ['ADMIN', 'RATING_OFFICER'], '{ auditEvents(first: 1) { id } }'],
  ['ratingListReview', ['ADMIN', 'RATING_OFFICER'], '{ ratingListReview(id: "999") { counts { players } } }'],
  [
    'simulatePool',
    ['ADMIN', 'RATING_OFFICER'],
    '{ simulatePool(pool: "nope", system: ELO, from: "2026-01", to: "2026-02") { games } }',
  ],
];

/** What each caller gets for each operation: past the role check ('allowed'), or the refusal's code. */
const MATRIX: [string, Caller, string, string][] = OPERATIONS.flatMap(([name, allowed, operation]) =>
  (['ADMIN', 'RATING_OFFICER', 'ARBITER', 'API_KEY', 'ANONYMOUS'] as Caller[]).map(
    (caller): [string, Caller, string, string] => [
      name,
      caller,
      caller === 'ANONYMOUS'
        ? 'UNAUTHENTICATED'
        : caller === 'API_KEY' || !allowed.includes(caller as StaffRole)
          ? 'FORBIDDEN'
          : 'allowed',
      operation,
    ],
  ),
);

describe('who may do what: every mutation and staff query × every kind of caller', () => {
  let api: TestApi;
  const bearer: Partial<Record<Caller, string>> = {};
  beforeAll(async () => {
    api = await startTestApi();
    const system = systemActor('test');
    await makePool(api.db, { code: 'standard' });
    for (const role of STAFF_ROLES) {
      const email = `${role.toLowerCase()}@fed.example`;
      await createStaffUser(api.db, { email, displayName: role, role, password: PASSWORD }, system);
      const login = await api.gql<{ login: { token: string } }>(
        `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
        { e: email, p: PASSWORD },
      );
      bearer[role] = login.data!.login.token;
    }
    bearer.API_KEY = (await createApiKey(api.db, { name: 'Club app', quotaPerMinute: 1000 }, system)).secret;
  });
  afterAll(() => api?.stop());

  it('covers every mutation of the schema', async () => {
    const { data } = await api.gql<any>(`{ __type(name: "Mutation") { fields { name } } }`);
    const mutations = data.__type.fields
      .map((field: { name: string }) => field.name)
      .filter((name: string) => name !== 'login');
    expect(OPERATIONS.map(([name]) => name)).toEqual(expect.arrayContaining(mutations));
  });

  it.each(MATRIX)('%s as %s: %s', async (_name, caller, expected, operation) => {
    const token = bearer[caller];
    const res = await api.gql(operation, {}, token ? { authorization: `Bearer ${token}` } : {});
    const code = res.errors?.[0]?.extensions?.code;
    if (expected === 'allowed') expect(['FORBIDDEN', 'UNAUTHENTICATED', 'INTERNAL_SERVER_ERROR']).not.toContain(code);
    else expect(code).toBe(expected);
  });
});

describe('an arbiter’s tournament under review, over GraphQL', () => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  const as = (who: string) => ({ authorization: `Bearer ${tokens[who]}` });
  beforeAll(async () => {
    api = await startTestApi();
    const system = systemActor('test');
    await makePool(api.db, { code: 'standard' });
    for (const [who, role] of [
      ['officer', 'RATING_OFFICER'],
      ['arbiter', 'ARBITER'],
      ['other', 'ARBITER'],
    ] as const) {
      await createStaffUser(
        api.db,
        { email: `${who}@fed.example`, displayName: who, role, password: PASSWORD },
        system,
      );
      const login = await api.gql<{ login: { token: string } }>(
        `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
        { e: `${who}@fed.example`, p: PASSWORD },
      );
      tokens[who] = login.data!.login.token;
    }
  });
  afterAll(() => api?.stop());

  it('is seen by its arbiter and the officer alone until accepted; the arbiter reads why it was returned', async () => {
    const created = await api.gql<any>(
      `mutation { createTournament(input: { pool: "standard", name: "Open du club", startDate: "2026-10-03", endDate: "2026-10-03", rounds: 1 }) { id } }`,
      {},
      as('arbiter'),
    );
    const id = created.data.createTournament.id;
    const players = await Promise.all(
      ['Roy', 'Tremblay'].map((surname) =>
        api.gql<any>(
          `mutation($s: String!) { createPlayer(input: { surname: $s, sex: M }) { id } }`,
          { s: surname },
          as('arbiter'),
        ),
      ),
    );
    const [white, black] = players.map((p) => p.data.createPlayer.id);
    await api.gql(
      `mutation($t: ID!, $w: ID!, $b: ID!) { addParticipants(tournament: $t, players: [{ player: $w }, { player: $b }]) { id } }`,
      { t: id, w: white, b: black },
      as('arbiter'),
    );
    await api.gql(
      `mutation($t: ID!, $w: ID!, $b: ID!) { recordGames(tournament: $t, games: [{ round: 1, white: $w, black: $b, result: WHITE_WINS }]) { id } }`,
      { t: id, w: white, b: black },
      as('arbiter'),
    );
    const submitted = await api.gql<any>(
      `mutation($id: ID!) { submitTournament(id: $id) { status } }`,
      { id },
      as('arbiter'),
    );
    expect(submitted.data.submitTournament.status).toBe('SUBMITTED');

    const read = `query($id: ID!) { tournament(id: $id) { status } }`;
    expect((await api.gql<any>(read, { id })).data.tournament).toBeNull();
    expect((await api.gql<any>(read, { id }, as('other'))).data.tournament).toBeNull();
    expect((await api.gql<any>(read, { id }, as('officer'))).data.tournament).toEqual({ status: 'SUBMITTED' });
    const queue = await api.gql<any>(
      `{ tournaments(status: SUBMITTED) { totalCount edges { node { id } } } }`,
      {},
      as('officer'),
    );
    expect(queue.data.tournaments.edges).toEqual([{ node: { id } }]);

    const returned = await api.gql<any>(
      `mutation($id: ID!) { returnTournament(id: $id, reason: "Add the birth dates") { status } }`,
      { id },
      as('officer'),
    );
    expect(returned.data.returnTournament.status).toBe('DRAFT');
    const mine = await api.gql<any>(
      `query($id: ID!) { tournament(id: $id) { statusHistory { from to by reason } checks { code player { surname } } } }`,
      { id },
      as('arbiter'),
    );
    expect(mine.errors).toBeUndefined();
    expect(mine.data.tournament.statusHistory).toEqual([
      { from: 'DRAFT', to: 'SUBMITTED', by: 'arbiter', reason: null },
      { from: 'SUBMITTED', to: 'DRAFT', by: 'officer', reason: 'Add the birth dates' },
    ]);
    expect(mine.data.tournament.checks).toEqual([
      { code: 'MISSING_BIRTH_DATE', player: { surname: 'Roy' } },
      { code: 'MISSING_BIRTH_DATE', player: { surname: 'Tremblay' } },
    ]);

    await api.gql(`mutation($id: ID!) { submitTournament(id: $id) { status } }`, { id }, as('arbiter'));
    const accepted = await api.gql<any>(
      `mutation($id: ID!) { acceptTournament(id: $id) { status } }`,
      { id },
      as('officer'),
    );
    expect(accepted.data.acceptTournament.status).toBe('ACCEPTED');
    expect((await api.gql<any>(read, { id })).data.tournament).toEqual({ status: 'ACCEPTED' });
    const anonymousHistory = await api.gql<any>(`query($id: ID!) { tournament(id: $id) { statusHistory { to } } }`, {
      id,
    });
    expect(anonymousHistory.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
