import { MAX_ROUNDS, place, ROUND_DATE_WIDTH, roundEntryColumn, SCORING_STRIDE, cut, right } from '../columns';
import { readDate, roundDateText, TWO_DIGIT_YEAR_PIVOT, type TrfDate } from '../dates';
import { quote, warning, type WarningSink } from '../errors';
import { formatPoints, LineReader } from '../fields';
import type { TrfColour, TrfScoring, TrfScoringSymbol } from '../results';
import type {
  TrfSourceLine,
  TrfStartingRankMethod,
  TrfTeamScoring,
  TrfTeamScoringSymbol,
  TrfTournament,
  TrfVersion,
} from '../types';
import { dateText, type FormatOptions } from './common';

/** Tournament-section tags (TRF16 "Tournament Section" 012-132; TRF-2026 adds 142-222, 352, 362). */
export const TAG = {
  name: '012',
  city: '022',
  federation: '032',
  startDate: '042',
  endDate: '052',
  playerCount: '062',
  ratedPlayerCount: '072',
  teamCount: '082',
  type: '092',
  chiefArbiter: '102',
  deputyArbiter: '112',
  timeControl: '122',
  roundDates: '132',
  numberOfRounds: '142',
  initialColour: '152',
  scoring: '162',
  startingRankMethod: '172',
  pairingController: '182',
  encodedType: '192',
  tieBreaks: '202',
  standingsTieBreaks: '212',
  encodedTimeControl: '222',
  boardColours: '352',
  teamScoring: '362',
} as const;

/** JaVaFo's TRF16 extension for the number of rounds (JaVaFo user manual, "TRF(x)"). */
const JAVAFO_ROUNDS = 'XXR';

/** Every `??2` line is a tournament tag ("Data-Identification-number ??2 for tournament data"). */
const TAG_CODE = /^\d\d2$/;

/** Tags that TRF16 does not have (the writer refuses them when asked for TRF16). */
const TRF2026_TAGS: readonly string[] = [
  TAG.initialColour,
  TAG.scoring,
  TAG.startingRankMethod,
  TAG.pairingController,
  TAG.encodedType,
  TAG.tieBreaks,
  TAG.standingsTieBreaks,
  TAG.encodedTimeControl,
  TAG.boardColours,
  TAG.teamScoring,
];

const SCORING_SYMBOLS: readonly TrfScoringSymbol[] = ['W', 'D', 'L', 'A', 'P', 'X'];
const TEAM_SCORING_SYMBOLS: readonly TrfTeamScoringSymbol[] = ['TW', 'TD', 'TL'];
/** One symbol and its points, read with a fresh sticky RegExp per tag. */
const SCORING_PAIR = String.raw`\s*([A-Za-z]{1,2})\s*(-?\d+(?:[.,]\d+)?)`;

export function isHeaderLine(code: string): boolean {
  return TAG_CODE.test(code) || code === JAVAFO_ROUNDS;
}

interface HeaderRead {
  readonly tournament: TrfTournament;
  /** Repeated single-valued tags: not used, kept as extra lines. */
  readonly duplicates: readonly TrfSourceLine[];
}

interface TagLine {
  readonly reader: LineReader;
  /** The value after column 4, trimmed. */
  readonly value: string;
  /** 1-based column where the value starts. */
  readonly valueColumn: number;
}

/** Reads the tournament section from its lines (tags and XXR), wherever they are in the file. */
export function readHeader(lines: readonly TrfSourceLine[], warn: WarningSink): HeaderRead {
  const tags = new Map<string, TagLine>();
  const deputyArbiters: string[] = [];
  const otherTags: { code: string; value: string }[] = [];
  const used: TrfSourceLine[] = [];
  const duplicates: TrfSourceLine[] = [];
  const known = new Set<string>([...Object.values(TAG), JAVAFO_ROUNDS]);

  for (const source of lines) {
    const tag = tagLine(source);
    const code = source.text.slice(0, 3);
    if (code === TAG.deputyArbiter) {
      if (tag.value !== '') deputyArbiters.push(tag.value);
    } else if (!known.has(code)) {
      otherTags.push({ code, value: tag.value });
    } else if ((tags.get(code)?.value ?? '') !== '') {
      // A tag given a second time: the first value counts. (A first, empty one says nothing and is replaced.)
      warn(
        warning(
          'DUPLICATE_TAG',
          source.line,
          1,
          `tag ${code} appears again (first on line ${tags.get(code)?.reader.line}); this one is ignored`,
        ),
      );
      duplicates.push(source);
      continue;
    } else {
      tags.set(code, tag);
    }
    used.push(source);
  }

  const text = (code: string): string | null => {
    const value = tags.get(code)?.value ?? '';
    return value === '' ? null : value;
  };
  const startDate = readTagDate(tags.get(TAG.startDate), warn);
  const tournament: TrfTournament = {
    name: text(TAG.name),
    city: text(TAG.city),
    federation: text(TAG.federation),
    startDate,
    endDate: readTagDate(tags.get(TAG.endDate), warn),
    playerCount: readCount(tags.get(TAG.playerCount), 'number of players'),
    ratedPlayerCount: readCount(tags.get(TAG.ratedPlayerCount), 'number of rated players'),
    teamCount: readCount(tags.get(TAG.teamCount), 'number of teams'),
    type: text(TAG.type),
    chiefArbiter: text(TAG.chiefArbiter),
    deputyArbiters,
    timeControl: text(TAG.timeControl),
    roundDates: readRoundDates(tags.get(TAG.roundDates), startDate?.year ?? TWO_DIGIT_YEAR_PIVOT, warn),
    numberOfRounds: readNumberOfRounds(tags.get(TAG.numberOfRounds), tags.get(JAVAFO_ROUNDS), warn),
    initialColour: readInitialColour(tags.get(TAG.initialColour)),
    scoring: readScoring(tags.get(TAG.scoring), SCORING_SYMBOLS, 'scoring (162)') as TrfScoring | null,
    startingRankMethod: readStartingRankMethod(tags.get(TAG.startingRankMethod)),
    pairingController: text(TAG.pairingController),
    encodedType: text(TAG.encodedType),
    tieBreaks: readList(tags.get(TAG.tieBreaks)),
    standingsTieBreaks: readList(tags.get(TAG.standingsTieBreaks)),
    encodedTimeControl: text(TAG.encodedTimeControl),
    boardColours: text(TAG.boardColours),
    teamScoring: readScoring(
      tags.get(TAG.teamScoring),
      TEAM_SCORING_SYMBOLS,
      'team scoring (362)',
    ) as TrfTeamScoring | null,
    otherTags,
    source: used,
  };
  return { tournament, duplicates };
}

function tagLine(source: TrfSourceLine): TagLine {
  const after = source.text.slice(4);
  const value = after.trim();
  return {
    reader: new LineReader(source.line, source.text),
    value,
    valueColumn: 5 + after.length - after.trimStart().length,
  };
}

function readTagDate(tag: TagLine | undefined, warn: WarningSink): TrfDate | null {
  if (tag === undefined) return null;
  const read = readDate(tag.value);
  if (read === null) return null;
  if (!read.understood) {
    warn(
      warning(
        'UNREADABLE_DATE',
        tag.reader.line,
        tag.valueColumn,
        `date ${quote(tag.value)} is not a date; kept as text`,
      ),
    );
  }
  return read.date;
}

function readCount(tag: TagLine | undefined, label: string): number | null {
  if (tag === undefined || tag.value === '') return null;
  return tag.reader.integerValue(tag.value, tag.valueColumn, label);
}

function readNumberOfRounds(tag142: TagLine | undefined, xxr: TagLine | undefined, warn: WarningSink): number | null {
  const fromTag = readCount(tag142, 'number of rounds');
  const fromXxr = readCount(xxr, 'number of rounds');
  if (fromTag !== null && fromXxr !== null && fromTag !== fromXxr && xxr !== undefined) {
    warn(
      warning(
        'ROUNDS_TAG_CONFLICT',
        xxr.reader.line,
        xxr.valueColumn,
        `XXR says ${fromXxr} rounds, tag 142 says ${fromTag}; 142 is used`,
      ),
    );
  }
  const rounds = fromTag ?? fromXxr;
  const tag = fromTag !== null ? tag142 : xxr;
  if (rounds !== null && rounds > MAX_ROUNDS && tag !== undefined) {
    throw tag.reader.error('TOO_MANY_ROUNDS', tag.valueColumn, `${rounds} rounds; a TRF numbers at most ${MAX_ROUNDS}`);
  }
  return rounds;
}

/** 132: a YY/MM/DD date every 10 columns from column 92, as the round entries of the 001 records. */
function readRoundDates(tag: TagLine | undefined, pivotYear: number, warn: WarningSink): (TrfDate | null)[] {
  if (tag === undefined) return [];
  const text = tag.reader.content;
  const beforeDates = cut(text, 5, roundEntryColumn(1) - 1);
  if (beforeDates.trim() !== '') {
    warn(
      warning(
        'UNREADABLE_ROUND_DATES',
        tag.reader.line,
        5 + beforeDates.length - beforeDates.trimStart().length,
        `text before column ${roundEntryColumn(1)} is not a round date (dates go at 92-99, 102-109 …); ignored`,
      ),
    );
  }
  const dates: (TrfDate | null)[] = [];
  for (let round = 1; roundEntryColumn(round) <= text.length; round += 1) {
    const column = roundEntryColumn(round);
    const read = readDate(cut(text, column, column + ROUND_DATE_WIDTH - 1), pivotYear);
    if (read !== null && round > MAX_ROUNDS) {
      throw tag.reader.error(
        'TOO_MANY_ROUNDS',
        column,
        `a date for round ${round}; a TRF numbers at most ${MAX_ROUNDS} rounds`,
      );
    }
    if (read !== null && !read.understood) {
      warn(
        warning(
          'UNREADABLE_DATE',
          tag.reader.line,
          column,
          `round ${round} date ${quote(read.date.text)} is not a date; kept as text`,
        ),
      );
    }
    dates.push(read?.date ?? null);
  }
  while (dates.length > 0 && dates[dates.length - 1] === null) dates.pop();
  return dates;
}

function readInitialColour(tag: TagLine | undefined): TrfColour | null {
  if (tag === undefined || tag.value === '') return null;
  const colour = tag.value.toUpperCase();
  if (colour !== 'W' && colour !== 'B') {
    throw tag.reader.error(
      'INVALID_TAG_VALUE',
      tag.valueColumn,
      `initial colour (152) ${quote(tag.value)} is neither "W" nor "B"`,
    );
  }
  return colour === 'W' ? 'w' : 'b';
}

/** 162 / 362: pairs of a symbol and its points ("W 1.0   D 0.5", "TW 2.0   TD 1.0   TL 0.0"). */
function readScoring(
  tag: TagLine | undefined,
  symbols: readonly string[],
  label: string,
): Record<string, number> | null {
  if (tag === undefined || tag.value === '') return null;
  const scoring: Record<string, number> = {};
  const text = tag.reader.content;
  const pair = new RegExp(SCORING_PAIR, 'y');
  pair.lastIndex = 4;
  while (text.slice(pair.lastIndex).trim() !== '') {
    const at = pair.lastIndex;
    const match = pair.exec(text);
    const symbol = match?.[1].toUpperCase();
    if (match === null || symbol === undefined || !symbols.includes(symbol)) {
      const column = at + 1 + (text.slice(at).length - text.slice(at).trimStart().length);
      throw tag.reader.error(
        'INVALID_TAG_VALUE',
        column,
        `${label} expects pairs of ${symbols.join('/')} and points, found ${quote(text.slice(column - 1))}`,
      );
    }
    const pointsColumn = match.index + match[0].length - match[2].length + 1;
    scoring[symbol] = tag.reader.decimalValue(match[2], pointsColumn, `${label} ${symbol} points`, true);
  }
  return scoring;
}

function readStartingRankMethod(tag: TagLine | undefined): TrfStartingRankMethod | null {
  if (tag === undefined || tag.value === '') return null;
  const tokens = tag.value.split(/\s+/);
  if (tokens.length === 1) return { federation: null, method: tokens[0] };
  if (tokens.length === 2) return { federation: tokens[0], method: tokens[1] };
  throw tag.reader.error(
    'INVALID_TAG_VALUE',
    tag.valueColumn,
    `starting-rank method (172) ${quote(tag.value)} is not "FED METHOD"`,
  );
}

function readList(tag: TagLine | undefined): string[] {
  if (tag === undefined) return [];
  return tag.value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The tournament section written anew, in tag order. */
export function formatHeader(tournament: TrfTournament, version: TrfVersion, options: FormatOptions): string[] {
  const lines: string[] = [];
  const add = (code: string, value: string | null): void => {
    if (value !== null && value !== '') lines.push(`${code} ${value}`);
  };
  const count = (value: number | null): string | null => (value === null ? null : String(value));
  add(TAG.name, tournament.name);
  add(TAG.city, tournament.city);
  add(TAG.federation, tournament.federation);
  add(TAG.startDate, tournament.startDate && dateText(tournament.startDate, options));
  add(TAG.endDate, tournament.endDate && dateText(tournament.endDate, options));
  add(TAG.playerCount, count(tournament.playerCount));
  add(TAG.ratedPlayerCount, count(tournament.ratedPlayerCount));
  add(TAG.teamCount, count(tournament.teamCount));
  add(TAG.type, tournament.type);
  add(TAG.chiefArbiter, tournament.chiefArbiter);
  for (const deputy of tournament.deputyArbiters) add(TAG.deputyArbiter, deputy);
  add(TAG.timeControl, tournament.timeControl);
  if (tournament.roundDates.some((date) => date !== null)) lines.push(roundDatesLine(tournament.roundDates, options));
  add(version === 'TRF16' ? JAVAFO_ROUNDS : TAG.numberOfRounds, count(tournament.numberOfRounds));
  add(TAG.initialColour, tournament.initialColour?.toUpperCase() ?? null);
  add(TAG.scoring, tournament.scoring && scoringText(tournament.scoring, SCORING_SYMBOLS, 2));
  add(
    TAG.startingRankMethod,
    tournament.startingRankMethod &&
      [tournament.startingRankMethod.federation, tournament.startingRankMethod.method]
        .filter((part) => part !== null)
        .join(' '),
  );
  add(TAG.pairingController, tournament.pairingController);
  add(TAG.encodedType, tournament.encodedType);
  add(TAG.tieBreaks, tournament.tieBreaks.join(','));
  add(TAG.standingsTieBreaks, tournament.standingsTieBreaks.join(','));
  add(TAG.encodedTimeControl, tournament.encodedTimeControl);
  add(TAG.boardColours, tournament.boardColours);
  add(TAG.teamScoring, tournament.teamScoring && scoringText(tournament.teamScoring, TEAM_SCORING_SYMBOLS, 2));
  for (const tag of tournament.otherTags) lines.push(tag.value === '' ? tag.code : `${tag.code} ${tag.value}`);
  return lines;
}

/** Codes of the tags a TRF16 file cannot hold. */
export function trf2026TagsIn(tournament: TrfTournament): string[] {
  const present: Record<string, boolean> = {
    [TAG.initialColour]: tournament.initialColour !== null,
    [TAG.scoring]: tournament.scoring !== null,
    [TAG.startingRankMethod]: tournament.startingRankMethod !== null,
    [TAG.pairingController]: tournament.pairingController !== null,
    [TAG.encodedType]: tournament.encodedType !== null,
    [TAG.tieBreaks]: tournament.tieBreaks.length > 0,
    [TAG.standingsTieBreaks]: tournament.standingsTieBreaks.length > 0,
    [TAG.encodedTimeControl]: tournament.encodedTimeControl !== null,
    [TAG.boardColours]: tournament.boardColours !== null,
    [TAG.teamScoring]: tournament.teamScoring !== null,
  };
  return TRF2026_TAGS.filter((code) => present[code]);
}

function roundDatesLine(dates: readonly (TrfDate | null)[], options: FormatOptions): string {
  let line: string = TAG.roundDates;
  dates.forEach((date, index) => {
    if (date === null) return;
    const text = options.dates === 'fide' || date.text.length > ROUND_DATE_WIDTH ? roundDateText(date) : date.text;
    line = place(line, roundEntryColumn(index + 1), text.slice(0, ROUND_DATE_WIDTH));
  });
  return line;
}

/**
 * Symbol right-aligned in 2 columns, points in 4, 3 blanks between pairs: 162 puts W at 6 and its points at
 * 7-10, the next symbol at 15 …; 362 puts TW at 5-6, points at 7-10, TD at 14-15 … (SCORING_STRIDE = 9).
 */
function scoringText(
  scoring: Readonly<Record<string, number | undefined>>,
  symbols: readonly string[],
  symbolWidth: number,
): string {
  const pairs: string[] = [];
  for (const symbol of symbols) {
    const points = scoring[symbol];
    if (points !== undefined) pairs.push(`${right(symbol, symbolWidth)}${right(formatPoints(points), 4)}`);
  }
  return pairs.join(' '.repeat(SCORING_STRIDE - symbolWidth - 4));
}
