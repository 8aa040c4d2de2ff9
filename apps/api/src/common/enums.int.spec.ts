import { createStaffUser, systemActor } from '@ratings/core';
import { makeParticipant, makePlayer, makePool, makeTournament } from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

const PASSWORD = 'correct horse battery staple';

describe('enums carry core’s values under GraphQL names', () => {
  let api: TestApi;
  let staff: Record<string, string>;
  let tournamentId: string;
  let players: string[];

  beforeAll(async () => {
    api = await startTestApi();
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
    const pool = await makePool(api.db, { code: 'standard' });
    const tournament = await makeTournament(api.db, { poolId: pool.id, status: 'DRAFT', rounds: 3 });
    tournamentId = String(tournament.id);
    players = [];
    for (let rank = 1; rank <= 3; rank++) {
      const player = await makePlayer(api.db);
      await makeParticipant(api.db, { tournamentId: tournament.id, playerId: player.id, startRank: rank });
      players.push(String(player.id));
    }
  });
  afterAll(() => api?.stop());

  it('stores a result given by name as core’s value, and answers it by name again', async () => {
    const [a, b, c] = players;
    const recorded = await api.gql(
      `mutation($t: ID!, $g: [GameInput!]!) { recordGames(tournament: $t, games: $g) { id } }`,
      {
        t: tournamentId,
        g: [
          { round: 1, board: 1, white: a, black: b, result: 'DRAW' },
          { round: 1, board: 2, white: c, black: null, result: 'BYE_FULL' },
          { round: 2, board: 1, white: b, black: c, result: 'BLACK_WINS_BY_FORFEIT' },
        ],
      },
      staff,
    );
    expect(recorded.errors).toBeUndefined();

    const stored: { round: number; result: string }[] = await api.db.query(
      'SELECT round, result FROM games WHERE tournament_id = $1 ORDER BY round, board',
      [Number(tournamentId)],
    );
    expect(stored).toEqual([
      { round: 1, result: '1/2-1/2' },
      { round: 1, result: 'BYE_FULL' },
      { round: 2, result: '-/+' },
    ]);
    const listed = await api.gql<{ tournament: { games: { result: string }[] } }>(
      `query($t: ID!) { tournament(id: $t) { games { result } } }`,
      { t: tournamentId },
      staff,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data!.tournament.games.map((game) => game.result)).toEqual([
      'DRAW',
      'BYE_FULL',
      'BLACK_WINS_BY_FORFEIT',
    ]);
  });

  it('filters by an enum argument: the audit trail of one action on one kind of entity', async () => {
    const trail = await api.gql<{ auditEvents: { action: string; entityType: string; entityId: string }[] }>(
      `{ auditEvents(action: RECORD_GAMES, entityType: TOURNAMENT, first: 10) { action entityType entityId } }`,
      {},
      staff,
    );
    expect(trail.errors).toBeUndefined();
    expect(trail.data!.auditEvents).toEqual([
      { action: 'RECORD_GAMES', entityType: 'TOURNAMENT', entityId: tournamentId },
    ]);
    const none = await api.gql<{ auditEvents: unknown[] }>(
      `{ auditEvents(action: PUBLISH_RATING_LIST) { id } }`,
      {},
      staff,
    );
    expect(none.data!.auditEvents).toEqual([]);
  });

  it('refuses a value outside the enum with BAD_USER_INPUT naming the argument and the enum, before anything runs', async () => {
    // Core's own spelling is not a GraphQL name: refused inline …
    const inline = await api.gql(
      `mutation { correctGameResult(game: "1", result: "1-0", reason: "x") { id } }`,
      {},
      staff,
    );
    expect(inline.status).toBe(400);
    expect(inline.data).toBeUndefined();
    expect(inline.errors).toHaveLength(1);
    expect(inline.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'result' });
    expect(inline.errors![0].message).toBe('result: Enum "GameResult" cannot represent non-enum value: "1-0".');
    // … and through a variable.
    const variable = await api.gql(`query($s: RatingSystemId!) { whatIf(tournament: "1", system: $s) { period } }`, {
      s: 'elo-provisional',
    });
    expect(variable.status).toBe(400);
    expect(variable.data).toBeUndefined();
    expect(variable.errors![0].extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'system' });
    expect(variable.errors![0].message).toMatch(
      /Value "elo-provisional" does not exist in "RatingSystemId" enum\. Did you mean the enum value "ELO_PROVISIONAL"\?$/,
    );
  });
});
