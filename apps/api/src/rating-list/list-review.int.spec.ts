import { createStaffUser, systemActor, type StaffRole } from '@ratings/core';
import {
  makeGame,
  makePlayer,
  makePool,
  makeRatingChange,
  makeRatingChangeGame,
  makeRatingList,
  makeRatingListEntry,
  makeTournament,
  publishRatingList,
} from '@ratings/core/testing';
import { startTestApi, type TestApi } from '../testing/api-harness';

const PASSWORD = 'correct horse battery staple';

const REVIEW = `query($id: ID!, $player: ID!, $search: String!) {
  ratingListReview(id: $id) {
    list { id status period }
    previousList { id period }
    counts { players listed provisional rated newPlayers droppedPlayers gained lost unchanged }
    distribution { from to count previousCount }
    biggestGains(first: 5) { player { surname } ratingBefore ratingAfter change rankAfter }
    biggestLosses(first: 5) { player { surname } ratingBefore ratingAfter change }
    newPlayers(first: 5) { player { surname } ratingBefore ratingAfter provisionalAfter rankAfter }
    droppedPlayers(first: 5) { player { surname } ratingBefore rankBefore ratingAfter rankAfter }
    players(search: $search) { player { surname } ratingAfter }
    explanation(player: $player) {
      line { ratingBefore gamesBefore provisionalBefore ratingAfter gamesAfter gamesInPeriod k change }
      tournaments { tournament { name } ratingBefore ratingAfter k bonus score expected
        games { round opponent { surname } opponentRating score expected change } }
    }
  }
}`;

/**
 * A draft list against the list in force before it, both written row by row, so that every figure the review
 * answers is known from the rows themselves: Alpha gains 30, Bravo loses 10, Charlie stays, Delta drops out
 * of the ranking, Echo enters it.
 */
describe('ratingListReview: a draft against the list in force', () => {
  let api: TestApi;
  const tokens: Partial<Record<StaffRole, string>> = {};
  let draftId: number;
  let alphaId: number;

  beforeAll(async () => {
    api = await startTestApi();
    for (const role of ['ADMIN', 'RATING_OFFICER', 'ARBITER'] as StaffRole[]) {
      const email = `${role.toLowerCase()}@fed.example`;
      await createStaffUser(api.db, { email, displayName: role, role, password: PASSWORD }, systemActor('test'));
      const login = await api.gql<{ login: { token: string } }>(
        `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`,
        { e: email, p: PASSWORD },
      );
      tokens[role] = login.data!.login.token;
    }
    const pool = await makePool(api.db, { code: 'standard', ratingSystemId: 'elo' });
    // The previous list is filled as a draft, then published (published lists take no new rows).
    const previous = await makeRatingList(api.db, { poolId: pool.id, period: '2026-10' });
    const draft = await makeRatingList(api.db, {
      poolId: pool.id,
      period: '2026-11',
      tournamentCount: 1,
      gameCount: 2,
    });
    draftId = draft.id;
    const [alpha, bravo, charlie, delta, echo] = await Promise.all(
      ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Écho'].map((surname) => makePlayer(api.db, { surname })),
    );
    alphaId = alpha.id;
    const lines = [
      // player, before (rating, rank, games), after (rating, rank, games)
      [alpha, [1500, 3, 30], [1530, 3, 32]],
      [bravo, [1600, 2, 40], [1590, 2, 41]],
      [charlie, [1700, 1, 50], [1700, 1, 51]],
      [delta, [1450, 4, 60], [1450, null, 60]],
      [echo, null, [1420, 4, 5]],
    ] as const;
    for (const [player, before, after] of lines) {
      if (before)
        await makeRatingListEntry(api.db, {
          listId: previous.id,
          playerId: player.id,
          rating: before[0],
          rank: before[1],
          gamesTotal: before[2],
        });
      await makeRatingListEntry(api.db, {
        listId: draft.id,
        playerId: player.id,
        rating: after[0],
        rank: after[1],
        listed: after[1] !== null,
        gamesTotal: after[2],
        gamesInPeriod: after[2] - (before?.[2] ?? 0),
        provisional: player === echo,
        k: player === alpha ? 20 : null,
      });
    }
    await publishRatingList(api.db, previous.id);
    const tournament = await makeTournament(api.db, { poolId: pool.id, name: 'Open de novembre' });
    const change = await makeRatingChange(api.db, {
      listId: draft.id,
      playerId: alpha.id,
      tournamentId: tournament.id,
      ratingBefore: 1500,
      ratingAfter: 1530,
      k: 20,
      bonus: 0,
      score: 2,
      games: 2,
      expected: 0.5,
      change: 30,
    });
    for (const [round, opponent, rating, expected, points] of [
      [1, bravo, 1600, 0.36, 13],
      [2, charlie, 1700, 0.24, 15],
    ] as const) {
      const game = await makeGame(api.db, {
        tournamentId: tournament.id,
        round,
        whitePlayerId: alpha.id,
        blackPlayerId: opponent.id,
      });
      await makeRatingChangeGame(api.db, {
        changeId: change.id,
        gameId: game.id,
        opponentRatingUsed: rating,
        score: 1,
        expected,
        change: points,
      });
    }
    // Bravo's change, so that two players were rated.
    await makeRatingChange(api.db, { listId: draft.id, playerId: bravo.id, tournamentId: tournament.id });
  });
  afterAll(() => api?.stop());

  const review = (role: StaffRole | null, variables: Record<string, unknown>) =>
    api.gql<{ ratingListReview: any }>(
      REVIEW,
      { player: String(alphaId), search: 'echo', ...variables },
      role ? { authorization: `Bearer ${tokens[role]}` } : {},
    );

  it('counts, distribution, moves, search and a player’s explanation, for a rating officer', async () => {
    const res = await review('RATING_OFFICER', { id: String(draftId) });
    expect(res.errors).toBeUndefined();
    const r = res.data!.ratingListReview;
    expect(r.list).toMatchObject({ status: 'DRAFT', period: '2026-11' });
    expect(r.previousList.period).toBe('2026-10');
    expect(r.counts).toEqual({
      players: 5,
      listed: 4,
      provisional: 1,
      rated: 2,
      newPlayers: 1,
      droppedPlayers: 1,
      gained: 1,
      lost: 1,
      unchanged: 1,
    });
    // Draft: Écho 1420, Alpha 1530, Bravo 1590, Charlie 1700 (Delta unlisted). Previous: 1450, 1500, 1600, 1700.
    expect(r.distribution).toEqual([
      { from: 1400, to: 1499, count: 1, previousCount: 1 },
      { from: 1500, to: 1599, count: 2, previousCount: 1 },
      { from: 1600, to: 1699, count: 0, previousCount: 1 },
      { from: 1700, to: 1799, count: 1, previousCount: 1 },
    ]);
    expect(r.biggestGains).toEqual([
      { player: { surname: 'Alpha' }, ratingBefore: 1500, ratingAfter: 1530, change: 30, rankAfter: 3 },
    ]);
    expect(r.biggestLosses).toEqual([
      { player: { surname: 'Bravo' }, ratingBefore: 1600, ratingAfter: 1590, change: -10 },
    ]);
    expect(r.newPlayers).toEqual([
      { player: { surname: 'Écho' }, ratingBefore: null, ratingAfter: 1420, provisionalAfter: true, rankAfter: 4 },
    ]);
    expect(r.droppedPlayers).toEqual([
      { player: { surname: 'Delta' }, ratingBefore: 1450, rankBefore: 4, ratingAfter: null, rankAfter: null },
    ]);
    expect(r.players).toEqual([{ player: { surname: 'Écho' }, ratingAfter: 1420 }]);
    expect(r.explanation).toEqual({
      line: {
        ratingBefore: 1500,
        gamesBefore: 30,
        provisionalBefore: false,
        ratingAfter: 1530,
        gamesAfter: 32,
        gamesInPeriod: 2,
        k: 20,
        change: 30,
      },
      tournaments: [
        {
          tournament: { name: 'Open de novembre' },
          ratingBefore: 1500,
          ratingAfter: 1530,
          k: 20,
          bonus: 0,
          score: 2,
          expected: 0.5,
          games: [
            { round: 1, opponent: { surname: 'Bravo' }, opponentRating: 1600, score: 1, expected: 0.36, change: 13 },
            { round: 2, opponent: { surname: 'Charlie' }, opponentRating: 1700, score: 1, expected: 0.24, change: 15 },
          ],
        },
      ],
    });
  });

  it('answers an administrator too; null for an unknown list and for a player on neither list', async () => {
    const admin = await review('ADMIN', { id: String(draftId) });
    expect(admin.data!.ratingListReview.counts.players).toBe(5);
    expect((await review('ADMIN', { id: '999999' })).data!.ratingListReview).toBeNull();
    const stranger = await makePlayer(api.db, { surname: 'Nobody' });
    const res = await review('RATING_OFFICER', { id: String(draftId), player: String(stranger.id) });
    expect(res.data!.ratingListReview.explanation).toBeNull();
  });

  it('refuses arbiters and the public, who never see a draft', async () => {
    expect((await review('ARBITER', { id: String(draftId) })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await review(null, { id: String(draftId) })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('bounds its arguments: first 1 to 100, a search of 100 characters at most', async () => {
    const ask = (field: string) =>
      api.gql(
        `query($id: ID!) { ratingListReview(id: $id) { ${field} } }`,
        { id: String(draftId) },
        { authorization: `Bearer ${tokens.RATING_OFFICER}` },
      );
    for (const field of ['biggestGains(first: 101) { change }', 'newPlayers(first: 0) { change }']) {
      const res = await ask(field);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'first' });
    }
    const long = await ask(`players(search: "${'a'.repeat(101)}") { change }`);
    expect(long.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'search' });
  });
});
