import {
  left,
  MAX_ROUNDS,
  PLAYER,
  PLAYER_SEPARATORS,
  right,
  ROUND_ENTRY,
  roundEntryColumn,
  type Field,
} from '../columns';
import { quote, warning, type WarningSink } from '../errors';
import { LineReader } from '../fields';
import {
  isPlayedGame,
  NONSTANDARD_DRAW,
  resultCode,
  resultPoints,
  type TrfColour,
  type TrfResultCode,
  type TrfScoring,
} from '../results';
import type { TrfPlayer, TrfRoundResult, TrfSourceLine, TrfTitle } from '../types';
import {
  dateText,
  fitNumber,
  fitPoints,
  readDateField,
  readSex,
  sourceOf,
  zeroAsNull,
  type FormatOptions,
} from './common';

/** A round entry as written, before the tournament's scoring and number of rounds are known. */
export interface RoundEntry {
  readonly opponent: number | null;
  readonly colour: TrfColour | null;
  readonly result: TrfResultCode | null;
}

/** A `001` line read on its own; `completePlayer` turns it into a TrfPlayer once the whole file is read. */
export interface PlayerLine {
  readonly player: Omit<TrfPlayer, 'results'>;
  /** Up to the last non-blank entry. */
  readonly entries: readonly RoundEntry[];
  /** Some bye or absence is written with a blank opponent instead of `0000`, as lichess.org does. */
  readonly blankOpponentByes: boolean;
}

const TITLES: Readonly<Record<string, TrfTitle>> = {
  GM: 'GM',
  IM: 'IM',
  WGM: 'WGM',
  FM: 'FM',
  WIM: 'WIM',
  CM: 'CM',
  WFM: 'WFM',
  WCM: 'WCM',
};

/**
 * One- and two-letter lower-case titles of FIDE's older rating lists and report files, as FIDE's own 2005
 * example file (`__fixtures__/karl-mala-…`, `g`, `m`, `f`, `wf`) and the JaVaFo sample (`g`, `m`, `f`) write them.
 */
const LEGACY_TITLES: Readonly<Record<string, TrfTitle>> = {
  g: 'GM',
  m: 'IM',
  f: 'FM',
  c: 'CM',
  wg: 'WGM',
  wm: 'WIM',
  wf: 'WFM',
  wc: 'WCM',
};

const BLANK_ENTRY: RoundEntry = { opponent: null, colour: null, result: null };

export function readPlayerLine(source: TrfSourceLine, warn: WarningSink): PlayerLine {
  const reader = new LineReader(source.line, source.text);
  const startRank = reader.integer(PLAYER.startRank, 'INVALID_START_RANK');
  if (startRank === 0) throw reader.error('INVALID_START_RANK', PLAYER.startRank.from, 'start rank 0 is not a player');
  for (const column of PLAYER_SEPARATORS) reader.expectBlank(column, 'between the fields of a 001 record');

  const name = reader.text(PLAYER.name);
  if (name === '') warn(warning('MISSING_NAME', source.line, PLAYER.name.from, `player ${startRank} has no name`));
  const federation = reader.optionalText(PLAYER.federation);
  if (federation === null) {
    warn(warning('MISSING_FEDERATION', source.line, PLAYER.federation.from, `player ${startRank} has no federation`));
  }
  const player: Omit<TrfPlayer, 'results'> = {
    startRank,
    sex: readSex(reader, PLAYER.sex, warn),
    title: readTitle(reader, warn),
    name,
    rating: zeroAsNull(reader.optionalInteger(PLAYER.rating)),
    federation,
    fideId: zeroAsNull(reader.optionalInteger(PLAYER.fideId)),
    birthDate: readDateField(reader, PLAYER.birthDate, warn),
    points: reader.optionalDecimal(PLAYER.points),
    rank: zeroAsNull(reader.optionalInteger(PLAYER.rank)),
    source: sourceOf(reader),
  };
  const entries = readEntries(reader, warn);
  const blankOpponentByes = entries.some(
    (entry, index) => entry.opponent === null && entry !== BLANK_ENTRY && reader.text(opponentField(index + 1)) === '',
  );
  return { player, entries, blankOpponentByes };
}

function opponentField(round: number): Field {
  const column = roundEntryColumn(round);
  return { from: column, to: column + ROUND_ENTRY.opponentWidth - 1, label: `round ${round} opponent` };
}

function readTitle(reader: LineReader, warn: WarningSink): TrfTitle | null {
  const value = reader.text(PLAYER.title);
  if (value === '') return null;
  const upper = value.toUpperCase();
  const title = Object.hasOwn(LEGACY_TITLES, value)
    ? LEGACY_TITLES[value]
    : Object.hasOwn(TITLES, upper)
      ? TITLES[upper]
      : undefined;
  if (title === undefined) {
    warn(
      warning('UNKNOWN_TITLE', reader.line, PLAYER.title.from, `title ${quote(value)} is not a FIDE title; ignored`),
    );
    return null;
  }
  return title;
}

function readEntries(reader: LineReader, warn: WarningSink): RoundEntry[] {
  const entries: RoundEntry[] = [];
  let lastNonBlank = 0;
  for (let round = 1; roundEntryColumn(round) <= reader.content.length; round += 1) {
    const column = roundEntryColumn(round);
    const entry = readEntry(reader, round, column, warn);
    if (entry !== BLANK_ENTRY) {
      if (round > MAX_ROUNDS) {
        throw reader.error(
          'TOO_MANY_ROUNDS',
          column,
          `a round entry for round ${round}; a TRF numbers at most ${MAX_ROUNDS} rounds`,
        );
      }
      lastNonBlank = round;
    }
    entries.push(entry);
  }
  return entries.slice(0, lastNonBlank);
}

function readEntry(reader: LineReader, round: number, column: number, warn: WarningSink): RoundEntry {
  for (const offset of ROUND_ENTRY.separatorOffsets) {
    reader.expectBlank(column + offset, `between the parts of round ${round}'s entry`);
  }
  const opponentText = reader.text(opponentField(round));
  const colourChar = reader.content.charAt(column + ROUND_ENTRY.colourOffset - 1);
  const resultChar = reader.content.charAt(column + ROUND_ENTRY.resultOffset - 1);
  if (opponentText === '' && colourChar.trim() === '' && resultChar.trim() === '') return BLANK_ENTRY;

  const opponentNumber = opponentText === '' ? 0 : reader.integerValue(opponentText, column, `round ${round} opponent`);
  const colour = readColour(reader, colourChar, round, column + ROUND_ENTRY.colourOffset);
  const result = readResult(reader, resultChar, round, column + ROUND_ENTRY.resultOffset, warn);
  const opponent = opponentNumber === 0 ? null : opponentNumber;
  // `0000` with neither colour nor result says nothing more than a blank entry.
  if (opponent === null && colour === null && result === null) return BLANK_ENTRY;
  return { opponent, colour, result };
}

function readColour(reader: LineReader, char: string, round: number, column: number): TrfColour | null {
  switch (char) {
    case 'w':
    case 'W':
      return 'w';
    case 'b':
    case 'B':
      return 'b';
    case '-':
    case ' ':
    case '':
      return null;
    default:
      throw reader.error('INVALID_COLOUR', column, `round ${round} colour ${quote(char)} is not "w", "b" or "-"`);
  }
}

function readResult(
  reader: LineReader,
  char: string,
  round: number,
  column: number,
  warn: WarningSink,
): TrfResultCode | null {
  if (char === ' ' || char === '') return null;
  const code = resultCode(char);
  if (code === undefined) {
    throw reader.error(
      'INVALID_RESULT',
      column,
      `round ${round} result ${quote(char)} is not a TRF result code (1 = 0 + - W D L H F U Z)`,
    );
  }
  if (char === NONSTANDARD_DRAW) {
    warn(warning('NONSTANDARD_RESULT', reader.line, column, `round ${round} result "½" read as "=" (draw)`));
  }
  return code;
}

/** Gives the player one entry per round of the tournament, with what each entry scores. */
export function completePlayer(line: PlayerLine, rounds: number, scoring: TrfScoring | null): TrfPlayer {
  const results: TrfRoundResult[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const { opponent, colour, result } = line.entries[round - 1] ?? BLANK_ENTRY;
    results.push({
      round,
      opponent,
      colour,
      result,
      played: isPlayedGame(opponent, result),
      points: resultPoints(result, scoring),
    });
  }
  return { ...line.player, results };
}

export function formatPlayerLine(player: TrfPlayer, options: FormatOptions): string {
  const startRank = fitNumber(player.startRank, 4, `start rank`);
  const about = `player ${player.startRank}`;
  let line =
    `001 ${startRank} ${player.sex ?? ' '}${right(player.title ?? '', 3)} ${left(player.name, 33)}` +
    ` ${fitNumber(player.rating, 4, `${about}'s rating`)} ${left(player.federation ?? '', 3)}` +
    ` ${fitNumber(player.fideId, 11, `${about}'s FIDE id`)} ${left(player.birthDate ? dateText(player.birthDate, options) : '', 10)}` +
    ` ${fitPoints(player.points, 4, `${about}'s points`)} ${fitNumber(player.rank, 4, `${about}'s rank`)}`;
  for (const entry of player.results) line += `  ${entryText(entry, about)}`;
  return line.trimEnd();
}

function entryText(entry: RoundEntry, about: string): string {
  if (entry.opponent === null && entry.colour === null && entry.result === null) return right('', 8);
  const opponent = entry.opponent === null ? '0000' : fitNumber(entry.opponent, 4, `${about}'s opponent`);
  return `${opponent} ${entry.colour ?? '-'} ${entry.result ?? ' '}`;
}
