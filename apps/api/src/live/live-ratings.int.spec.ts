import { createStaffUser, importRatingList, systemActor } from '@ratings/core';
import { makeGame, makeParticipant, makePlayer, makePool, makeTournament } from '@ratings/core/testing';
import { rateEvents, type RatedGame } from '@ratings/rating-rules';
import { startTestApi, type TestApi } from '../testing/api-harness';

const PASSWORD = 'correct horse battery staple';
const RESULTS = ['1-0', '1/2-1/2', '0-1'] as const;
const WHITE_SCORE = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 } as const;

interface LiveRow {
  rating: number | null;
  officialRating: number | null;
  difference: number | null;
  display: string | null;
  games: number;
  pool: { code: string };
  tournaments: { id: string }[];
}

describe('live ratings, what-if and simulations over GraphQL', () => {
  let api: TestApi;
  let token: string;
  const playerIds: number[] = [];
  let tournamentId: number;
  const games: RatedGame[] = [];
  const starting = (i: number) => ({ rating: 1800 - 50 * i, games: 30 });

  beforeAll(async () => {
    api = await startTestApi();
    const system = systemActor('test');
    await makePool(api.db, { code: 'standard', ratingSystemId: 'elo' });
    for (let i = 0; i < 4; i++) playerIds.push((await makePlayer(api.db, { surname: `Direct${i}` })).id);
    await importRatingList(
      api.db,
      {
        poolCode: 'standard',
        period: '2026-09',
        ratings: playerIds.map((playerId, i) => ({ playerId, ...starting(i) })),
      },
      system,
    );
    const [pool] = await api.db.query(`SELECT id FROM pools WHERE code = 'standard'`);
    const tournament = await makeTournament(api.db, {
      poolId: pool.id,
      startDate: '2026-09-05',
      endDate: '2026-09-06',
      rounds: 3,
      status: 'SUBMITTED',
    });
    tournamentId = tournament.id;
    for (const [i, playerId] of playerIds.entries())
      await makeParticipant(api.db, { tournamentId, playerId, startRank: i + 1 });
    let k = 0;
    for (let i = 0; i < 4; i++)
      for (let j = i + 1; j < 4; j++) {
        const result = RESULTS[k++ % 3];
        const round = ((i + j) % 3) + 1;
        await makeGame(api.db, {
          tournamentId,
          round,
          board: i + 1,
          whitePlayerId: playerIds[i],
          blackPlayerId: playerIds[j],
          result,
        });
        games.push({
          white: String(playerIds[i]),
          black: String(playerIds[j]),
          score: WHITE_SCORE[result],
          round,
          board: i + 1,
        });
      }
    games.sort((a, b) => a.round! - b.round! || a.board! - b.board!);
    await createStaffUser(
      api.db,
      { email: 'officer@fed.example', displayName: 'Officer', role: 'RATING_OFFICER', password: PASSWORD },
      system,
    );
    const login = await api.gql<{ login: { token: string } }>(
      `mutation($p: String!) { login(email: "officer@fed.example", password: $p) { token } }`,
      { p: PASSWORD },
    );
    token = login.data!.login.token;
  });
  afterAll(() => api?.stop());

  const liveQuery = `query($id: ID!) { player(id: $id) { liveRatings { rating officialRating difference display games pool { code } tournaments { id } } } }`;

  it('Player.liveRatings appear with the acceptance, equal to the rating rules on the games', async () => {
    const before = await api.gql<{ player: { liveRatings: LiveRow[] } }>(liveQuery, { id: String(playerIds[0]) });
    expect(before.data!.player.liveRatings).toEqual([]);

    const accepted = await api.gql(
      `mutation($id: ID!) { acceptTournament(id: $id) { status } }`,
      { id: String(tournamentId) },
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(accepted.errors).toBeUndefined();

    const expected = rateEvents(
      'elo',
      {},
      playerIds.map((id, i) => ({ id: String(id), ...starting(i) })),
      [{ id: String(tournamentId), date: '2026-09-06', period: '2026-10', games }],
    );
    for (const [i, playerId] of playerIds.entries()) {
      const res = await api.gql<{ player: { liveRatings: LiveRow[] } }>(liveQuery, { id: String(playerId) });
      expect(res.errors).toBeUndefined();
      const rating = Math.round(expected.players[i].rating!);
      expect(res.data!.player.liveRatings).toEqual([
        {
          rating,
          officialRating: starting(i).rating,
          difference: rating - starting(i).rating,
          display: String(rating),
          games: 3,
          pool: { code: 'standard' },
          tournaments: [{ id: String(tournamentId) }],
        },
      ]);
    }
  });

  it('whatIf is public and rates the tournament under another system; bad parameters are BAD_USER_INPUT', async () => {
    const res = await api.gql<{
      whatIf: { system: string; rows: { ratingAfter: number; poolRatingAfter: number; player: { id: string } }[] };
    }>(
      `query($id: ID!) { whatIf(tournament: $id, system: ELO, parameters: { k: 16 }) { system parameters period rows { ratingAfter poolRatingAfter player { id } } } }`,
      { id: String(tournamentId) },
    );
    expect(res.errors).toBeUndefined();
    const withK16 = rateEvents(
      'elo',
      { k: 16 },
      playerIds.map((id, i) => ({ id: String(id), ...starting(i) })),
      [{ id: String(tournamentId), date: '2026-09-06', period: '2026-10', games }],
    );
    const byId = new Map(res.data!.whatIf.rows.map((row) => [Number(row.player.id), row.ratingAfter]));
    expect(playerIds.map((id) => byId.get(id))).toEqual(withK16.players.map((p) => Math.round(p.rating!)));

    const bad = await api.gql(
      `query($id: ID!) { whatIf(tournament: $id, system: ELO, parameters: { k: -1 }) { period } }`,
      {
        id: String(tournamentId),
      },
    );
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const unknown = await api.gql(`{ whatIf(tournament: "99999", system: ELO) { period } }`);
    expect(unknown.data).toEqual({ whatIf: null });
  });

  it('simulatePool needs a staff token and bounds its range', async () => {
    const operation = `{ simulatePool(pool: "standard", system: ELO, from: "2020-01", to: "2026-10") { games } }`;
    const anonymous = await api.gql(operation);
    expect(anonymous.errors?.[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    const tooLong = await api.gql(operation, {}, { authorization: `Bearer ${token}` });
    expect(tooLong.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'to' });
    const starting = await api.gql<{ simulatePool: { games: number; parameters: { k: number }; periods: number } }>(
      `{ simulatePool(pool: "standard", system: ELO, parameters: { k: 16 }, from: "2026-09", to: "2026-09") { games parameters periods } }`,
      {},
      { authorization: `Bearer ${token}` },
    );
    expect(starting.errors).toBeUndefined();
    expect(starting.data!.simulatePool).toMatchObject({ games: 0, periods: 1, parameters: { k: 16 } });
  });
});
