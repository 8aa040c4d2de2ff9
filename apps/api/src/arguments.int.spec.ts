import { createStaffUser, systemActor } from '@ratings/core';
import { generatedTrf } from '@ratings/core/testing';
import { encodeCursor } from './pagination';
import { startTestApi, type GraphQLResponse, type TestApi } from './testing/api-harness';
import { buildSmallFederation, type SmallFederation } from './testing/federation-fixture';

const PASSWORD = 'correct horse battery staple';
const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

let api: TestApi;
let fed: SmallFederation;
let staff: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  fed = await buildSmallFederation(api.db);
  await createStaffUser(
    api.db,
    { email: 'officer@federation.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
    systemActor('test'),
  );
  const login = await api.gql<{ login: { token: string } }>(
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }',
    { e: 'officer@federation.example', p: PASSWORD },
  );
  staff = { authorization: `Bearer ${login.data!.login.token}` };
});
afterAll(() => api?.stop());

/** The one refusal a request must get: HTTP 400, BAD_USER_INPUT naming the argument, nothing run. */
function expectRefused(response: GraphQLResponse, argument: string, message: string | RegExp) {
  expect({ status: response.status, data: response.data, count: response.errors?.length }).toEqual({
    status: 400,
    data: undefined,
    count: 1,
  });
  expect(response.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', argument });
  expect(response.errors![0].message).toMatch(message);
}

describe('text arguments: NUL characters and lone surrogates, whichever argument carries them', () => {
  const nul = /contains a NUL character \(U\+0000\), which text cannot hold$/;
  const surrogate = /contains a lone surrogate \(U\+D800\), which is not Unicode text$/;

  it('refuses them in a plain argument, inline or through a variable, in a nested field or a fragment', async () => {
    expectRefused(
      await api.gql('query($s: String) { players(search: $s) { totalCount } }', { s: `Lév${NUL}esque` }),
      'search',
      /^search: contains a NUL/,
    );
    expectRefused(await api.gql('{ players(search: "L\\u0000") { totalCount } }'), 'search', nul);
    expectRefused(
      await api.gql('query($s: String) { players(search: $s) { totalCount } }', { s: `x${LONE_SURROGATE}` }),
      'search',
      surrogate,
    );
    expectRefused(
      await api.gql('query($p: String!) { player(id: "1") { history(pool: $p) { pool { code } } } }', {
        p: `standard${NUL}`,
      }),
      'pool',
      nul,
    );
    expectRefused(
      await api.gql('query { ...Search } fragment Search on Query { players(search: "\\u0000") { totalCount } }'),
      'search',
      nul,
    );
  });

  it('refuses them in login(email:) before the account is looked up', async () => {
    expectRefused(
      await api.gql('mutation($e: String!) { login(email: $e, password: "whatever it is") { token } }', {
        e: `officer${LONE_SURROGATE}@federation.example`,
      }),
      'email',
      /^email: contains a lone surrogate/,
    );
  });

  it('refuses them in an imported file, an input object’s fields, list items and JSON values', async () => {
    const trf = generatedTrf(4);
    expectRefused(
      await api.gql(
        'mutation($c: String!) { importTrf(pool: "standard", content: $c) { tournamentId } }',
        { c: trf.replace('Generated00002', `Generated${NUL}0002`) },
        staff,
      ),
      'content',
      /^content: contains a NUL/,
    );
    expectRefused(
      await api.gql(
        'mutation($s: String) { createPlayer(input: { surname: $s, givenName: "Ana" }) { id } }',
        { s: `Tremblay${NUL}` },
        staff,
      ),
      'input.surname',
      nul,
    );
    expectRefused(
      await api.gql('mutation($input: PlayerInput!) { createPlayer(input: $input) { id } }', {
        input: { surname: 'Tremblay', titles: ['FM', `I${LONE_SURROGATE}M`] },
      }),
      'input.titles[1]',
      surrogate,
    );
    expectRefused(
      await api.gql(
        `mutation { recordGames(tournament: "${fed.tournament.id}", games: [
          { round: 1, white: "${fed.levesque.id}", black: "${fed.junior.id}", result: WHITE_WINS },
          { round: 2, white: "${fed.junior.id}", black: "${fed.levesque.id}\\u0000", result: BLACK_WINS }]) { id } }`,
        {},
        staff,
      ),
      'games[1].black',
      nul,
    );
    expectRefused(
      await api.gql(
        'mutation($p: JSON) { createPool(code: "blitz", name: "Blitz", ratingSystem: ELO, params: $p) { code } }',
        { p: { kFactor: 20, [`note${NUL}`]: 'x' } },
        staff,
      ),
      'params',
      /^params: has a key that contains a NUL/,
    );
    const players = await api.gql<{ players: { totalCount: number } }>('{ players { totalCount } }');
    expect(players.data!.players.totalCount).toBe(fed.players.length);
  });

  it('lets well-formed text through, astral characters included', async () => {
    const search = await api.gql<{ players: { totalCount: number } }>(
      'query($s: String) { players(search: $s) { totalCount } }',
      { s: 'Lévesque 🏆' },
    );
    expect(search).toMatchObject({ status: 200, data: { players: { totalCount: 0 } } });
    expect(search.errors).toBeUndefined();
  });
});

describe('a tournament entered by hand: the refusal names the row at fault', () => {
  /** A draft of the officer's with Lévesque, Tremblay and two more entered: its id and the four players' ids. */
  async function draftWithFour() {
    const created = await api.gql<{ createTournament: { id: string } }>(
      `mutation { createTournament(input: { pool: "standard", name: "Club du jeudi", startDate: "2026-11-05",
        endDate: "2026-11-19", rounds: 3 }) { id } }`,
      {},
      staff,
    );
    expect(created.errors).toBeUndefined();
    const tournament = created.data!.createTournament.id;
    const players = [fed.levesque, fed.junior, fed.players[2], fed.players[3]].map((p) => String(p.id));
    const added = await api.gql(
      'mutation($t: ID!, $p: [ParticipantInput!]!) { addParticipants(tournament: $t, players: $p) { id } }',
      { t: tournament, p: players.map((player) => ({ player })) },
      staff,
    );
    expect(added.errors).toBeUndefined();
    return { tournament, players };
  }

  const RECORD = 'mutation($t: ID!, $g: [GameInput!]!) { recordGames(tournament: $t, games: $g) { id } }';
  const refusal = (response: GraphQLResponse) => ({
    argument: response.errors?.[0].extensions?.argument,
    message: response.errors?.[0].message,
  });

  it('names the line of a player paired twice in a round, and of a malformed id, and records nothing', async () => {
    const { tournament, players } = await draftWithFour();
    const [a, b, c] = players;
    const twice = await api.gql(
      RECORD,
      {
        t: tournament,
        g: [
          { round: 1, board: 1, white: a, black: b, result: 'WHITE_WINS' },
          { round: 1, board: 2, white: c, black: a, result: 'BLACK_WINS' },
        ],
      },
      staff,
    );
    expect(refusal(twice)).toEqual({
      argument: 'games[1].black',
      message: `games[1].black: player ${a} already plays in round 1 (games[0])`,
    });
    const malformed = await api.gql(
      RECORD,
      {
        t: tournament,
        g: [
          { round: 1, white: a, black: b, result: 'WHITE_WINS' },
          { round: 1, white: 'first board', black: c, result: 'WHITE_WINS' },
        ],
      },
      staff,
    );
    expect(refusal(malformed)).toEqual({
      argument: 'games[1].white',
      message: 'games[1].white: "first board" is not a valid id',
    });
    const games = await api.gql<{ tournament: { games: unknown[] } }>(
      'query($t: ID!) { tournament(id: $t) { games { id } } }',
      { t: tournament },
      staff,
    );
    expect(games.data!.tournament.games).toEqual([]);
  });

  it('names the line of a participant whose id is malformed', async () => {
    const { tournament } = await draftWithFour();
    const response = await api.gql(
      'mutation($t: ID!, $p: [ParticipantInput!]!) { addParticipants(tournament: $t, players: $p) { id } }',
      { t: tournament, p: [{ player: String(fed.players[4].id) }, { player: '-3' }] },
      staff,
    );
    expect(refusal(response)).toEqual({
      argument: 'players[1].player',
      message: 'players[1].player: "-3" is not a valid id',
    });
  });
});

describe('values graphql-js refuses: named by their argument', () => {
  const RANKINGS_AS_OF = 'query($d: Date) { rankings(pool: "standard", asOf: $d) { totalCount } }';
  const notADate = /^asOf: .*Date must be a calendar date written YYYY-MM-DD, got "2026-13-45"$/;

  it('names asOf for a malformed date, inline or as a variable, with HTTP 400', async () => {
    expectRefused(await api.gql('{ rankings(pool: "standard", asOf: "2026-13-45") { totalCount } }'), 'asOf', notADate);
    expectRefused(await api.gql(RANKINGS_AS_OF, { d: '2026-13-45' }), 'asOf', notADate);
    expectRefused(await api.gql(RANKINGS_AS_OF, { d: 20260101 }), 'asOf', /^asOf: .*got 20260101$/);
    const valid = await api.gql<{ rankings: { totalCount: number } }>(RANKINGS_AS_OF, { d: '2026-11-15' });
    expect(valid.data!.rankings.totalCount).toBeGreaterThan(0);
  });

  it('names the field of an input object, and the argument of an out-of-range number or unknown enum value', async () => {
    expectRefused(
      await api.gql(
        'mutation { createTournament(input: { pool: "standard", name: "Open", startDate: "2026-02-30", rounds: 5 }) { id } }',
        {},
        staff,
      ),
      'input.startDate',
      /^input\.startDate: Date must be a calendar date written YYYY-MM-DD, got "2026-02-30"$/,
    );
    expectRefused(
      await api.gql('{ players(first: 99999999999) { totalCount } }'),
      'first',
      /^first: Int cannot represent/,
    );
    expectRefused(
      await api.gql('{ rankings(pool: "standard", ageGroup: U99) { totalCount } }'),
      'ageGroup',
      /^ageGroup: Value "U99" does not exist in "AgeGroup" enum/,
    );
  });

  it('leaves errors about the document itself as validation errors', async () => {
    const unknownField = await api.gql('{ players { nope } }');
    expect(unknownField.errors?.[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    const wrongType = await api.gql('query($d: String) { rankings(pool: "standard", asOf: $d) { totalCount } }', {
      d: '2026-11-15',
    });
    expect(wrongType.errors?.[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
  });
});

describe('crafted cursors', () => {
  /** A cursor of our format around any JSON text, as someone decoding ours would forge one. */
  const forged = (json: string) => Buffer.from(`c1:${json}`).toString('base64url');

  const connections: { name: string; query: string; valid: Record<string, unknown>; forgeries: string[] }[] = [
    {
      name: 'rankings',
      query: 'query($a: String) { rankings(pool: "standard", first: 2, after: $a) { totalCount } }',
      valid: { rank: 2, rating: 1800, playerId: 1 },
      forgeries: [
        encodeCursor({ rank: 2 ** 31, rating: 1800, playerId: 1 }),
        encodeCursor({ rank: 2, rating: 1800.5, playerId: 1 }),
        encodeCursor({ rank: 2, rating: 1800, playerId: 0 }),
        encodeCursor({ rank: '2', rating: 1800, playerId: 1 }),
        forged('{"rank":1e999,"rating":1800,"playerId":1}'),
      ],
    },
    {
      name: 'ratingList.entries',
      query: `query($a: String) { ratingList(id: "${'{LIST}'}") { entries(first: 2, after: $a) { totalCount } } }`,
      valid: { rank: 2, rating: 1800, playerId: 1 },
      forgeries: [encodeCursor({ rank: 1, rating: -(2 ** 40), playerId: 1 }), encodeCursor([1, 1800, 1])],
    },
    {
      name: 'players',
      query: 'query($a: String) { players(first: 2, after: $a) { totalCount } }',
      valid: { surname: 'Joueur05', givenName: 'Test', id: 9 },
      forgeries: [
        encodeCursor({ surname: 'Joueur05', givenName: 'Test', id: 1e300 }),
        encodeCursor({ surname: `Joueur${NUL}`, givenName: 'Test', id: 9 }),
        encodeCursor({ surname: 'J'.repeat(101), givenName: 'Test', id: 9 }),
        encodeCursor({ surname: 'Joueur05', givenName: null, id: 9 }),
        encodeCursor({ surname: 'Joueur05', givenName: 'Test', id: 9, extra: 1 }),
      ],
    },
    {
      name: 'tournaments',
      query: 'query($a: String) { tournaments(first: 2, after: $a) { totalCount } }',
      valid: { endDate: '2026-10-20', id: 1 },
      forgeries: [
        encodeCursor({ endDate: '2026-02-30', id: 1 }),
        encodeCursor({ endDate: '2026-13-01', id: 1 }),
        encodeCursor({ endDate: 'yesterday', id: 1 }),
        encodeCursor({ endDate: 20261020, id: 1 }),
        encodeCursor({ endDate: '2026-10-20', id: 2 ** 53 }),
      ],
    },
    {
      name: 'ratingLists',
      query: 'query($a: String) { ratingLists(pool: "standard", first: 2, after: $a) { totalCount } }',
      valid: { effectiveDate: '2026-11-01', id: 1 },
      forgeries: [
        encodeCursor({ effectiveDate: '99999-11-01', id: 1 }),
        encodeCursor({ effectiveDate: '2026-11-01', id: -1 }),
        forged('null'),
      ],
    },
  ];

  it.each(connections)('refuses forged keys on $name, naming after', async ({ query, valid, forgeries }) => {
    const document = query.replace('{LIST}', String(fed.november.id));
    const accepted = await api.gql(document, { a: encodeCursor(valid) });
    expect(accepted.errors).toBeUndefined();
    for (const cursor of forgeries) {
      const refused = await api.gql(document, { a: cursor });
      expect(refused.status).toBe(200);
      expect(refused.errors).toEqual([
        expect.objectContaining({
          message: 'after: cursor does not belong to this list',
          extensions: { code: 'BAD_USER_INPUT', argument: 'after' },
        }),
      ]);
    }
  });
});
