import type { DataSource } from 'typeorm';
import { rateEvents, type RatedGame, type RatingEvent } from '@ratings/rating-rules';
import {
  createTestDatabase,
  makeGame,
  makeParticipant,
  makePlayer,
  makePool,
  makeTournament,
  type TestDatabase,
} from '@ratings/db/testing';
import type { Game, Player, Pool, Tournament } from '@ratings/db';
import { systemActor, type WriteContext } from '../common/actor';
import { acceptTournament, reopenTournament } from '../tournaments/tournaments.service';
import { importRatingList } from './import-ratings';
import { liveRatingsByPlayer } from './live-ratings';
import { publishRatingList } from './publication';
import { runRatingPeriod } from './run-rating-period';
import { simulatePool } from './simulate-pool';
import { whatIf } from './what-if';

const officer: WriteContext = systemActor('test');
const arbiter: WriteContext = { actor: { kind: 'staff', staffId: 7, role: 'ARBITER', label: 'arbiter@example.org' } };

const WHITE_SCORE = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 } as const;
const RESULTS = ['1-0', '1/2-1/2', '0-1', '1-0', '0-1'] as const;

/** Eight players: established, provisional and one unrated newcomer (the last), for every system to chew on. */
const startingRating = (i: number) => ({ rating: 2000 - 90 * i, games: i < 4 ? 60 : 8 });
const PLAYERS = 8;
const RATED = PLAYERS - 1;

/** A pool of `systemId` started from the same ratings on its 2026-09 list (the last player not on it). */
async function startPool(db: DataSource, code: string, systemId: string, players: Player[], systemParams = {}) {
  const pool = await makePool(db, { code, ratingSystemId: systemId, systemParams });
  await importRatingList(
    db,
    {
      poolCode: code,
      period: '2026-09',
      ratings: players.slice(0, RATED).map((p, i) => ({ playerId: p.id, ...startingRating(i) })),
    },
    officer,
  );
  return pool;
}

/** A round robin of the players ending on `endDate`, SUBMITTED (an arbiter's, waiting for review). */
async function submittedRoundRobin(db: DataSource, pool: Pool, players: Player[], endDate: string, seed: number) {
  const tournament = await makeTournament(db, {
    poolId: pool.id,
    startDate: endDate,
    endDate,
    rounds: players.length - 1,
    status: 'SUBMITTED',
  });
  for (const [i, p] of players.entries())
    await makeParticipant(db, { tournamentId: tournament.id, playerId: p.id, startRank: i + 1 });
  const games: Game[] = [];
  let k = seed;
  for (let i = 0; i < players.length; i++)
    for (let j = i + 1; j < players.length; j++)
      games.push(
        await makeGame(db, {
          tournamentId: tournament.id,
          round: ((i + j) % (players.length - 1)) + 1,
          board: i + 1,
          whitePlayerId: players[i].id,
          blackPlayerId: players[j].id,
          result: RESULTS[k++ % RESULTS.length],
        }),
      );
  return { tournament, games };
}

/** The tournament as rating-rules' object form, in the rating order of a run (round, board). */
function asEvent(tournament: Tournament, games: Game[], period: string): RatingEvent {
  return {
    id: String(tournament.id),
    date: tournament.endDate,
    period,
    games: [...games]
      .sort((a, b) => a.round - b.round || (a.board ?? 0) - (b.board ?? 0))
      .map((g): RatedGame => ({
        white: String(g.whitePlayerId),
        black: String(g.blackPlayerId!),
        score: WHITE_SCORE[g.result as keyof typeof WHITE_SCORE],
      })),
  };
}

const startingStates = (players: Player[]) =>
  players.map((p, i) =>
    i < RATED ? { id: String(p.id), ...startingRating(i) } : { id: String(p.id), rating: null, games: 0 },
  );

const rounded = (rating: number | null) => (rating === null ? null : Math.round(rating));

async function liveOf(db: DataSource, players: Player[]) {
  return (
    await liveRatingsByPlayer(
      db,
      players.map((p) => p.id),
    )
  ).flat();
}

async function listRatings(db: DataSource, listId: number): Promise<Map<number, number | null>> {
  const rows: { player_id: number; rating: number | null }[] = await db.query(
    'SELECT player_id, rating FROM rating_list_entries WHERE list_id = $1',
    [listId],
  );
  return new Map(rows.map((r) => [r.player_id, r.rating]));
}

describe('live ratings', () => {
  let db: TestDatabase;
  let players: Player[];

  beforeEach(async () => {
    db = await createTestDatabase();
    players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await makePlayer(db.dataSource, { surname: `Live${i}` }));
  });
  afterEach(() => db?.destroy());

  it('after an acceptance equal an independent rating-rules computation of the fixture games, and leave with publication', async () => {
    const pool = await startPool(db.dataSource, 'standard', 'fqe', players);
    const bystander = await makePlayer(db.dataSource, { surname: 'Bystander' });
    const first = await submittedRoundRobin(db.dataSource, pool, players, '2026-09-12', 0);
    expect(await liveOf(db.dataSource, players)).toEqual([]); // submitted, not yet accepted

    await acceptTournament(db.dataSource, { tournamentId: first.tournament.id }, officer);
    const expected = rateEvents('fqe', {}, startingStates(players), [
      asEvent(first.tournament, first.games, '2026-10'),
    ]);
    const live = await liveOf(db.dataSource, players);
    expect(live.map((row) => [row.playerId, row.officialRating, row.rating, row.games, row.tournamentIds])).toEqual(
      expected.players.map((p, i) => [
        players[i].id,
        i < RATED ? startingRating(i).rating : null,
        rounded(p.rating),
        expected.changes.filter((c) => c.playerId === p.id).reduce((games, c) => games + c.games, 0),
        [first.tournament.id],
      ]),
    );
    expect(live.some((row) => row.rating !== row.officialRating)).toBe(true);
    expect(await liveOf(db.dataSource, [bystander])).toEqual([]);

    // A second tournament of the same period, later: both are rated, in end-date order, as the run will.
    const second = await submittedRoundRobin(db.dataSource, pool, players.slice(0, 5), '2026-09-26', 2);
    await acceptTournament(db.dataSource, { tournamentId: second.tournament.id }, officer);
    const both = rateEvents('fqe', {}, startingStates(players), [
      asEvent(first.tournament, first.games, '2026-10'),
      asEvent(second.tournament, second.games, '2026-10'),
    ]);
    const afterBoth = await liveOf(db.dataSource, players);
    expect(afterBoth.map((row) => row.rating)).toEqual(both.players.map((p) => rounded(p.rating)));
    expect(afterBoth[0].tournamentIds).toEqual([first.tournament.id, second.tournament.id]);
    expect(afterBoth[7].tournamentIds).toEqual([first.tournament.id]);

    // Reopened: the second leaves the live ratings; the first alone again.
    await reopenTournament(db.dataSource, { tournamentId: second.tournament.id }, officer);
    expect((await liveOf(db.dataSource, players)).map((row) => row.rating)).toEqual(
      expected.players.map((p) => rounded(p.rating)),
    );

    // The run and its publication give what the live ratings said; then there is nothing live any more.
    const run = await runRatingPeriod(db.dataSource, { poolCode: 'standard', period: '2026-10' }, officer);
    await publishRatingList(db.dataSource, run.listId, officer);
    const published = await listRatings(db.dataSource, run.listId);
    expect(players.map((p) => published.get(p.id))).toEqual(expected.players.map((p) => rounded(p.rating)));
    expect(await liveOf(db.dataSource, players)).toEqual([]);
  });

  it('rate pending tournaments of two periods period by period (glicko2), as the two runs then publish', async () => {
    const pool = await startPool(db.dataSource, 'blitz', 'glicko2', players);
    const september = await submittedRoundRobin(db.dataSource, pool, players, '2026-09-20', 1);
    const october = await submittedRoundRobin(db.dataSource, pool, players.slice(2), '2026-10-10', 3);
    await acceptTournament(db.dataSource, { tournamentId: september.tournament.id }, officer);
    await acceptTournament(db.dataSource, { tournamentId: october.tournament.id }, officer);
    const live = await liveOf(db.dataSource, players);
    expect(live).toHaveLength(PLAYERS);

    for (const period of ['2026-10', '2026-11']) {
      const run = await runRatingPeriod(db.dataSource, { poolCode: 'blitz', period }, officer);
      await publishRatingList(db.dataSource, run.listId, officer);
    }
    const [{ id: novemberList }] = await db.dataSource.query(
      `SELECT id FROM rating_lists WHERE pool_id = $1 AND period = '2026-11'`,
      [pool.id],
    );
    const published = await listRatings(db.dataSource, novemberList);
    expect(live.map((row) => row.rating)).toEqual(players.map((p) => published.get(p.id)));
    expect(live.map((row) => row.tournamentIds.length)).toEqual([1, 1, 2, 2, 2, 2, 2, 2]);
  });
});

describe('what-if and pool simulations', () => {
  let db: TestDatabase;
  let players: Player[];

  beforeEach(async () => {
    db = await createTestDatabase();
    players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await makePlayer(db.dataSource, { surname: `What${i}` }));
  });
  afterEach(() => db?.destroy());

  /** The same September round robin in a pool, accepted, rated into 2026-10 and published. */
  async function ratedSeptember(pool: Pool) {
    const played = await submittedRoundRobin(db.dataSource, pool, players, '2026-09-18', 4);
    await acceptTournament(db.dataSource, { tournamentId: played.tournament.id }, officer);
    const run = await runRatingPeriod(db.dataSource, { poolCode: pool.code, period: '2026-10' }, officer);
    await publishRatingList(db.dataSource, run.listId, officer);
    return { ...played, listId: run.listId };
  }

  it('a what-if equals a real run of the same tournament in a pool of that system', async () => {
    const fqe = await startPool(db.dataSource, 'standard', 'fqe', players);
    const params = { provisionalGames: 12 };
    const elo = await startPool(db.dataSource, 'elo', 'elo-provisional', players, params);
    const inFqe = await ratedSeptember(fqe);
    const inElo = await ratedSeptember(elo);

    const result = await whatIf(db.dataSource, await reload(inFqe.tournament), {
      systemId: 'elo-provisional',
      params,
    });
    expect(result).toMatchObject({ systemId: 'elo-provisional', period: '2026-10', params: { provisionalGames: 12 } });
    const real = await listRatings(db.dataSource, inElo.listId);
    const byPlayer = new Map(result.rows.map((row) => [row.playerId, row]));
    expect(players.map((p) => byPlayer.get(p.id)?.ratingAfter)).toEqual(players.map((p) => real.get(p.id)));
    // Alongside, the pool's own system: what the tournament's published list says.
    const own = await listRatings(db.dataSource, inFqe.listId);
    expect(players.map((p) => byPlayer.get(p.id)?.poolRatingAfter)).toEqual(players.map((p) => own.get(p.id)));
    expect(result.rows.some((row) => row.ratingAfter !== row.poolRatingAfter)).toBe(true);

    await expect(
      whatIf(db.dataSource, await reload(inFqe.tournament), {
        systemId: 'elo-provisional',
        params: { provisionalGames: -3 },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_PARAMETER' });
    await expect(whatIf(db.dataSource, await reload(inFqe.tournament), { systemId: 'nope' })).rejects.toMatchObject({
      code: 'UNKNOWN_SYSTEM',
    });
  });

  it('simulatePool re-rates published periods under another system as a pool of that system published them', async () => {
    const fqe = await startPool(db.dataSource, 'standard', 'fqe', players);
    const glicko = await startPool(db.dataSource, 'glicko', 'glicko2', players);
    await ratedSeptember(fqe);
    await ratedSeptember(glicko);

    const same = await simulatePool(
      db.dataSource,
      { poolCode: 'standard', systemId: 'fqe', from: '2026-10', to: '2026-10' },
      officer,
    );
    expect(same).toMatchObject({ periods: 1, tournaments: 1, compared: PLAYERS, meanAbsoluteDifference: 0 });

    const other = await simulatePool(
      db.dataSource,
      { poolCode: 'standard', systemId: 'glicko2', from: '2026-10', to: '2026-10' },
      officer,
    );
    const [{ id: glickoList }] = await db.dataSource.query(
      `SELECT id FROM rating_lists WHERE pool_id = $1 AND period = '2026-10'`,
      [glicko.id],
    );
    const real = await listRatings(db.dataSource, glickoList);
    const published = await listRatings(db.dataSource, (await ratedList(fqe)).id);
    const byPlayer = new Map(other.players.map((row) => [row.playerId, row]));
    expect(players.map((p) => byPlayer.get(p.id)?.simulated)).toEqual(players.map((p) => real.get(p.id)));
    expect(players.map((p) => byPlayer.get(p.id)?.published)).toEqual(players.map((p) => published.get(p.id)));
    const differences = players.map((p) => Math.abs(real.get(p.id)! - published.get(p.id)!));
    expect(other.meanAbsoluteDifference).toBeCloseTo(differences.reduce((a, b) => a + b, 0) / PLAYERS, 10);
    expect(Math.abs(other.players[0].difference!)).toBe(Math.max(...differences));

    await expect(
      simulatePool(db.dataSource, { poolCode: 'standard', systemId: 'fqe', from: '2024-01', to: '2027-01' }, officer),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'to' } });
    await expect(
      simulatePool(db.dataSource, { poolCode: 'standard', systemId: 'fqe', from: '2026-10', to: '2026-10' }, arbiter),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  async function reload(tournament: Tournament): Promise<Tournament> {
    const [row] = await db.dataSource.query(
      'SELECT id, pool_id AS "poolId", end_date AS "endDate", rated_in_list_id AS "ratedInListId" FROM tournaments WHERE id = $1',
      [tournament.id],
    );
    return row;
  }

  async function ratedList(pool: Pool): Promise<{ id: number }> {
    const [row] = await db.dataSource.query(`SELECT id FROM rating_lists WHERE pool_id = $1 AND period = '2026-10'`, [
      pool.id,
    ]);
    return row;
  }
});
