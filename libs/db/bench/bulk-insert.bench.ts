/**
 * Throughput of insertColumns on a rating run's biggest write: one list's entries for every player.
 * Not part of the test suite. Run on the server:
 *   cd libs/db && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres NODE_OPTIONS=--experimental-vm-modules \
 *     npx jest --testMatch '**\/bench/*.bench.ts' --testTimeout 600000
 * BENCH_ROWS (default 500 000) sets the size.
 */
import { insertColumns } from '../src/bulk';
import { Player, RatingListEntry } from '../src/entities';
import { createTestDatabase, makeRatingList, type TestDatabase } from '../src/testing';

const ROWS = Number(process.env.BENCH_ROWS ?? 500_000);
const CHUNK_SIZES = [5_000, 10_000, 20_000, 50_000];

describe(`insertColumns throughput (${ROWS} rows)`, () => {
  let db: TestDatabase;
  let playerIds: Int32Array;

  beforeAll(async () => {
    db = await createTestDatabase();
    const started = performance.now();
    const { rows } = await insertColumns(
      db.dataSource.manager,
      Player,
      { surname: Array.from({ length: ROWS }, (_, i) => `Bench${i}`), federation: new Array(ROWS).fill('CAN') },
      { returning: ['id'] },
    );
    report('players (surname, federation; RETURNING id)', ROWS, performance.now() - started);
    playerIds = Int32Array.from(rows, (row) => row.id!);
  });
  afterAll(() => db?.destroy());

  function report(what: string, rows: number, ms: number) {
    console.log(`${what}: ${rows} rows in ${(ms / 1000).toFixed(2)} s = ${Math.round(rows / (ms / 1000))} rows/s`);
  }

  it.each(CHUNK_SIZES)('rating_list_entries, 17 columns, chunks of %i', async (chunkSize) => {
    const list = await makeRatingList(db.dataSource);
    const n = playerIds.length;
    const columns = {
      listId: new Int32Array(n).fill(list.id),
      poolId: new Int32Array(n).fill(list.poolId),
      effectiveDate: new Array<string>(n).fill(list.effectiveDate),
      playerId: playerIds,
      rating: Float64Array.from({ length: n }, (_, i) => 1000 + (i % 1800)),
      glickoRating: Float64Array.from({ length: n }, (_, i) => 1000 + (i % 1800) + 0.123),
      glickoRd: new Float64Array(n).fill(61.5),
      glickoVolatility: new Float64Array(n).fill(0.06),
      provisional: Uint8Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 1 : 0)),
      gamesInPeriod: Int32Array.from({ length: n }, (_, i) => i % 9),
      gamesTotal: Int32Array.from({ length: n }, (_, i) => 20 + (i % 300)),
      k: new Float64Array(n).fill(20),
      rank: Int32Array.from({ length: n }, (_, i) => i + 1),
      categoryCode: Array.from({ length: n }, (_, i) => ['A', 'B', 'C', 'D'][i % 4]),
      listed: new Uint8Array(n).fill(1),
      systemState: Array.from({ length: n }, (_, i) => (i % 2 ? { games: i % 300 } : null)),
    };
    const started = performance.now();
    const { inserted } = await insertColumns(db.dataSource.manager, RatingListEntry, columns, { chunkSize });
    report(`rating_list_entries, chunks of ${chunkSize}`, inserted, performance.now() - started);
    expect(inserted).toBe(n);
  });
});
