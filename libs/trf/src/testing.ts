/**
 * Test helpers for this library's specs (not part of the built package): the real TRF files and a way to
 * compare documents regardless of where their records were read from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The real files of src/__fixtures__, copied byte for byte (described in src/__fixtures__/README.md). */
export const FIXTURE = {
  karlMala: 'karl-mala-gedenkturnier-2005-frankfurt.trf',
  donostia: 'open-internacional-gros-donostia-2010-javafo.trf',
  lichess: 'lichess-swiss-zulfikar-sali-bullet-2020.trf',
  grandmommysCup: 'grandmommys-cup-fide-tec-sample-trf2026-team.trf',
} as const;

export const FIXTURES: readonly string[] = Object.values(FIXTURE);

export function readFixture(name: string): string {
  return readFileSync(join(__dirname, '__fixtures__', name), 'utf8');
}

/**
 * A document's content without line positions, source texts, warnings, layout and dialect (how the file was
 * written, not what it says): what must survive a write in any form and a read back.
 */
export function contentOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(contentOf);
  if (typeof value !== 'object' || value === null) return value;
  const content: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (['source', 'line', 'warnings', 'layout', 'dialect'].includes(key)) continue;
    content[key] = contentOf(field);
  }
  return content;
}

// Hand-made TRF lines, assembled from fields so every column is where TRF16 puts it (lib/columns.ts);
// specs then break one column on purpose.
export interface PlayerFields {
  readonly startRank: string;
  readonly sex?: string;
  readonly title?: string;
  readonly name: string;
  readonly rating?: string;
  readonly federation?: string;
  readonly fideId?: string;
  readonly birthDate?: string;
  readonly points?: string;
  readonly rank?: string;
  /** 8-character round entries such as '   2 w 1' or '0000 - H'. */
  readonly rounds?: readonly string[];
}

export function playerLine(fields: PlayerFields): string {
  const line =
    `001 ${fields.startRank.padStart(4)} ${(fields.sex ?? ' ').padEnd(1)}${(fields.title ?? '').padStart(3)} ${fields.name.padEnd(33)}` +
    ` ${(fields.rating ?? '').padStart(4)} ${(fields.federation ?? '').padEnd(3)} ${(fields.fideId ?? '').padStart(11)}` +
    ` ${(fields.birthDate ?? '').padEnd(10)} ${(fields.points ?? '').padStart(4)} ${(fields.rank ?? '').padStart(4)}` +
    (fields.rounds ?? []).map((entry) => `  ${entry}`).join('');
  return line.trimEnd();
}

/** `text` with `replacement` written over it from 1-based column `column`. */
export function overwrite(text: string, column: number, replacement: string): string {
  const padded = text.padEnd(column - 1 + replacement.length);
  return padded.slice(0, column - 1) + replacement + padded.slice(column - 1 + replacement.length);
}

/**
 * A 3-player, 2-round TRF16 tournament. Round 1: 1 (white) beats 2, 3 takes a half-point bye; round 2: 3
 * (white) draws with 1, 2 gets the pairing-allocated bye. Lines: 1 012, 2 042, 3 062, 4 XXR, 5-7 players.
 */
export const SMALL_TOURNAMENT: readonly string[] = [
  '012 Test Open',
  '042 2024/03/01',
  '062 3',
  'XXR 2',
  playerLine({
    startRank: '1',
    sex: 'w',
    title: 'WGM',
    name: 'Alpha, Ann',
    rating: '2300',
    federation: 'ESP',
    fideId: '2200001',
    birthDate: '1990/05/17',
    points: '1.5',
    rank: '1',
    rounds: ['   2 w 1', '   3 b ='],
  }),
  playerLine({
    startRank: '2',
    sex: 'm',
    name: 'Beta, Bob',
    rating: '2100',
    federation: 'FRA',
    fideId: '651234',
    birthDate: '1985',
    points: '1.0',
    rank: '2',
    rounds: ['   1 b 0', '0000 - U'],
  }),
  playerLine({
    startRank: '3',
    sex: 'm',
    name: 'Gamma, Carl',
    federation: 'GER',
    points: '1.0',
    rank: '3',
    rounds: ['0000 - H', '   1 w ='],
  }),
];

export const PLAYER_LINE = { first: 5, second: 6, third: 7 } as const;

/** SMALL_TOURNAMENT with line `line` (1-based) replaced by `replace(text)`. */
export function smallTournamentWith(line: number, replace: (text: string) => string): string {
  return SMALL_TOURNAMENT.map((text, index) => (index === line - 1 ? replace(text) : text)).join('\n') + '\n';
}

export const SMALL_TOURNAMENT_TEXT = SMALL_TOURNAMENT.join('\n') + '\n';
