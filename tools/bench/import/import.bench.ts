import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import { createPool, importRatingListFile, systemActor, type ListFormat, type ListImportPhase } from '@ratings/core';
import { createBenchDatabase } from '../common/database';
import { megabytes, printTable } from '../common/measure';
import type { BenchSuite } from '../common/suite';

/** FIDE's full list is about 1.6 M players; IMPORT_BENCH_PLAYERS runs it smaller while iterating. */
const PLAYERS = Number(process.env.IMPORT_BENCH_PLAYERS ?? 1_600_000);
const TARGET_SECONDS = 60;
const TARGET_RSS = 512 * 1048576;
const FEDERATIONS = ['FRA', 'GER', 'ESP', 'IND', 'USA', 'RUS', 'CAN', 'ITA', 'POL', 'NED'];

/** Player i of the generated federation: everything derived from i, so both files hold the same players. */
function player(i: number) {
  return {
    fideId: String(100_000_000 + i),
    name: `Surname${i}, Given${i % 997}`,
    federation: FEDERATIONS[i % FEDERATIONS.length],
    sex: i % 7 === 0 ? 'F' : 'M',
    title: i % 101 === 0 ? 'FM' : '',
    rating: 1400 + ((i * 7919) % 1400),
    games: i % 12,
    k: i % 3 === 0 ? 40 : 20,
    birthYear: 1940 + (i % 70),
  };
}

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - text.length));
const TXT_HEADER =
  'ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag';

/** FIDE's combined TXT layout, column for column (the header's 162 characters, CRLF). */
function txtLine(i: number): string {
  const p = player(i);
  return (
    pad(p.fideId, 15) +
    pad(p.name, 61) +
    pad(p.federation, 4) +
    pad(p.sex, 4) +
    pad(p.title, 5) +
    pad('', 5) +
    pad('', 15) +
    pad('', 4) +
    pad(String(p.rating), 6) +
    pad(String(p.games), 4) +
    pad(String(p.k), 3) +
    pad('0', 6) +
    pad('0', 4) +
    pad('0', 3) +
    pad('0', 6) +
    pad('0', 4) +
    pad('0', 3) +
    pad(String(p.birthYear), 6) +
    pad(p.sex === 'F' ? 'w' : '', 4) +
    '\r\n'
  );
}

function xmlPlayer(i: number): string {
  const p = player(i);
  return (
    `<player><fideid>${p.fideId}</fideid><name>${p.name}</name><country>${p.federation}</country><sex>${p.sex}</sex>` +
    `<title>${p.title}</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>${p.rating}</rating>` +
    `<games>${p.games}</games><k>${p.k}</k><birthday>${p.birthYear}</birthday><flag>${p.sex === 'F' ? 'w' : ''}</flag></player>\n`
  );
}

/** The same rows as the staging table's COPY text: what a bare COPY of the file's content sends. */
function copyLine(i: number): string {
  const p = player(i);
  const [surname, given] = p.name.split(', ');
  return `1\t${i + 2}\t${p.fideId}\t\\N\t${surname}\t${given}\t${p.federation}\t${p.sex}\t${p.title}\t${p.birthYear}\t\\N\t${p.rating}\t${p.games}\t\\N\t${p.k}\t\\N\t\\N\tf\n`;
}

const FLOOR_COLUMNS =
  'list_id, line, fide_id, national_id, surname, given_name, federation, sex, titles, birth_year, club, rating, games_in_period, games_total, k, provisional, listed, inactive';

function* chunks(line: (i: number) => string, open = '', close = ''): Generator<string> {
  if (open) yield open;
  for (let start = 0; start < PLAYERS; start += 10_000) {
    let text = '';
    for (let i = start; i < Math.min(PLAYERS, start + 10_000); i++) text += line(i);
    yield text;
  }
  if (close) yield close;
}

async function writeFile(path: string, source: Iterable<string>): Promise<number> {
  const out = createWriteStream(path);
  for (const text of source) if (!out.write(text)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
  return (await stat(path)).size;
}

/** Peak resident memory of this process while `work` runs, sampled every 50 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

export const importSuite: BenchSuite = {
  name: 'import',
  description: `a ${PLAYERS.toLocaleString('en')}-player FIDE list (TXT and XML files) through importRatingListFile into a fresh pool vs the floor: a bare COPY of the same rows (PostgreSQL)`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'ratings-bench-import-'));
    const rows: string[][] = [];
    try {
      const files: [ListFormat, string, number][] = [];
      for (const [format, name, source] of [
        ['fide-txt', 'players_list_foa.txt', chunks(txtLine, `${TXT_HEADER}\r\n`)],
        [
          'fide-xml',
          'players_list.xml',
          chunks(xmlPlayer, '<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n', '</playerslist>\n'),
        ],
      ] as const) {
        const path = join(dir, name);
        files.push([format, path, await writeFile(path, source)]);
      }
      for (const [format, path, size] of files) {
        const database = await createBenchDatabase(`import_${format.replace('-', '_')}`);
        try {
          const db = database.dataSource;
          const ctx = systemActor('bench');
          await createPool(db, { code: 'standard', name: 'Standard', ratingSystemId: 'fide' }, ctx);

          // The floor: the same rows, already as COPY text, into a table of the staging table's shape.
          await db.query(`CREATE TABLE floor_rows (LIKE list_import_rows INCLUDING ALL)`);
          const runner = db.createQueryRunner();
          const client = (await runner.connect()) as PoolClient;
          const floorStarted = performance.now();
          await pipeline(
            Readable.from(chunks(copyLine)),
            client.query(copyFrom(`COPY floor_rows (${FLOOR_COLUMNS}) FROM STDIN`)),
          );
          const floorMs = performance.now() - floorStarted;
          await runner.release();

          const phases: [ListImportPhase, number][] = [];
          const started = performance.now();
          const { value: report, peak } = await withPeakRss(() =>
            importRatingListFile(
              db,
              {
                poolCode: 'standard',
                format,
                effectiveDate: '2026-10-01',
                source: createReadStream(path, { highWaterMark: 1 << 20 }),
              },
              ctx,
              { onPhase: (phase, phaseMs) => phases.push([phase, phaseMs]) },
            ),
          );
          const ms = performance.now() - started;
          if (report.created !== PLAYERS) throw new Error(`expected ${PLAYERS} players created, got ${report.created}`);
          rows.push([
            format,
            megabytes(size),
            `${(ms / 1000).toFixed(1)} s`,
            `${Math.round(PLAYERS / (ms / 1000)).toLocaleString('en')}`,
            megabytes(peak),
            `${(floorMs / 1000).toFixed(1)} s`,
            `${(ms / floorMs).toFixed(1)}×`,
            phases.map(([phase, phaseMs]) => `${phase} ${(phaseMs / 1000).toFixed(1)}`).join(', '),
            ms / 1000 <= TARGET_SECONDS && peak <= TARGET_RSS ? 'yes' : 'NO',
          ]);
        } finally {
          await database.drop();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    printTable(
      [
        'file',
        'size',
        'import',
        'players/s',
        'peak RSS',
        'floor COPY',
        'ratio',
        'phases (s; the rest is the commit)',
        `≤ ${TARGET_SECONDS} s, ≤ 512 MB`,
      ],
      rows,
    );
  },
};
