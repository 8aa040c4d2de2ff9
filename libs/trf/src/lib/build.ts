import { MAX_ROUNDS, PLAYER } from './columns';
import { dateFromIso, roundDateText, type TrfDate } from './dates';
import { onlyTrfErrors, TrfError, type TrfErrorCode } from './errors';
import type { TrfByeKind, TrfGameResult } from './games';
import { completePlayer, type RoundEntry } from './records/player';
import type { TrfResultCode } from './results';
import type { TrfDocument, TrfPlayer, TrfSex, TrfTitle, TrfTournament, TrfVersion } from './types';
import { emptyRecords } from './types';

export interface TrfBuildTournament {
  readonly name: string;
  readonly city?: string | null;
  readonly federation?: string | null;
  /** ISO 'YYYY-MM-DD'. */
  readonly startDate?: string | null;
  readonly endDate?: string | null;
  readonly type?: string | null;
  readonly chiefArbiter?: string | null;
  readonly deputyArbiters?: readonly string[];
  readonly timeControl?: string | null;
  /** Defaults to the last round with a game or bye. */
  readonly rounds?: number | null;
  /** ISO dates, round 1 first; null for a round without a date. */
  readonly roundDates?: readonly (string | null)[];
}

export interface TrfBuildPlayer {
  /** 1 to 9999. */
  readonly startRank: number;
  /** Cut to the 33 columns of TRF's name field. */
  readonly name: string;
  readonly sex?: TrfSex | null;
  readonly title?: TrfTitle | null;
  readonly rating?: number | null;
  readonly federation?: string | null;
  readonly fideId?: number | null;
  /** ISO 'YYYY-MM-DD', or 'YYYY' when only the year is known. */
  readonly birthDate?: string | null;
  readonly rank?: number | null;
}

export interface TrfBuildGame {
  readonly round: number;
  /** Start ranks. */
  readonly white: number;
  readonly black: number;
  readonly result: TrfGameResult;
  /**
   * For `1-0`, `0-1`, `1/2-1/2`: false writes the game as not rated (`W`/`D`/`L`, under one move). Defaults to
   * true; forfeits and `*` are never played.
   */
  readonly played?: boolean;
}

export interface TrfBuildBye {
  readonly round: number;
  readonly player: number;
  readonly kind: TrfByeKind;
}

export interface TrfBuildInput {
  /** Defaults to TRF-2026. */
  readonly version?: TrfVersion;
  readonly tournament: TrfBuildTournament;
  readonly players: readonly TrfBuildPlayer[];
  readonly games: readonly TrfBuildGame[];
  readonly byes?: readonly TrfBuildBye[];
}

/** Both players' result codes for a game result: [white, black], played and not played. */
const RESULT_CODES: Readonly<
  Record<
    TrfGameResult,
    { played: [TrfResultCode, TrfResultCode] | null; unplayed: [TrfResultCode | null, TrfResultCode | null] }
  >
> = {
  '1-0': { played: ['1', '0'], unplayed: ['W', 'L'] },
  '0-1': { played: ['0', '1'], unplayed: ['L', 'W'] },
  '1/2-1/2': { played: ['=', '='], unplayed: ['D', 'D'] },
  '+/-': { played: null, unplayed: ['+', '-'] },
  '-/+': { played: null, unplayed: ['-', '+'] },
  '-/-': { played: null, unplayed: ['-', '-'] },
  '*': { played: null, unplayed: [null, null] },
};

const BYE_KINDS: readonly TrfByeKind[] = ['H', 'F', 'U', 'Z', 'W', 'D', 'L', '+', '-'];
const SEXES: readonly TrfSex[] = ['m', 'w'];
const TITLES: readonly TrfTitle[] = ['GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM'];
/** A start rank fills columns 5-8. */
const MAX_START_RANK = 9999;
/** Columns 15-47. */
const NAME_WIDTH = PLAYER.name.to - PLAYER.name.from + 1;

/**
 * A document for a tournament known as players and games (the platform's export): fills every player's round
 * entries and points from the games and byes. Write it with `writeTrf`. Throws TrfError (line null) for a
 * game naming an unknown player, a player paired with himself or twice in a round, or a value TRF cannot hold.
 */
export function buildTrf(input: TrfBuildInput): TrfDocument {
  return onlyTrfErrors(() => {
    const players = new Map<number, TrfBuildPlayer>();
    for (const [index, player] of input.players.entries()) {
      const startRank = wholeNumber(player.startRank, `players[${index}].startRank`, 1, MAX_START_RANK);
      if (players.has(startRank))
        fail('DUPLICATE_START_RANK', `players[${index}]: start rank ${startRank} is used twice`);
      players.set(startRank, player);
    }
    const byes = input.byes ?? [];
    const lastRound = [
      ...input.games.map((game, index) => wholeNumber(game.round, `games[${index}].round`, 1, MAX_ROUNDS)),
      ...byes.map((bye, index) => wholeNumber(bye.round, `byes[${index}].round`, 1, MAX_ROUNDS)),
    ].reduce((last, round) => Math.max(last, round), 0);
    const declared = input.tournament.rounds ?? null;
    const rounds = declared === null ? lastRound : wholeNumber(declared, 'tournament.rounds', lastRound, MAX_ROUNDS);
    const entries = new Map<number, (RoundEntry | undefined)[]>(
      [...players.keys()].map((startRank) => [startRank, []]),
    );
    const take = (startRank: number, round: number, entry: RoundEntry, what: string): void => {
      const slots = entries.get(startRank);
      if (slots === undefined)
        fail('UNKNOWN_PLAYER', `${what} names player ${startRank}, who is not in the player list`);
      if (slots[round - 1] !== undefined)
        fail('PLAYER_TWICE_IN_ROUND', `${what}: player ${startRank} already has an entry in round ${round}`);
      slots[round - 1] = entry;
    };

    input.games.forEach((game, index) => {
      const what = `games[${index}]`;
      const { round } = game;
      if (game.white === game.black) fail('SELF_PAIRING', `${what}: player ${game.white} is paired with himself`);
      const codes = Object.hasOwn(RESULT_CODES, game.result) ? RESULT_CODES[game.result] : undefined;
      if (codes === undefined)
        fail('INVALID_INPUT', `${what}.result ${JSON.stringify(game.result)} is not a game result`);
      if (game.played === true && codes.played === null)
        fail('INVALID_INPUT', `${what}: a "${game.result}" game is never played`);
      const [whiteResult, blackResult] = game.played === false || codes.played === null ? codes.unplayed : codes.played;
      take(game.white, round, { opponent: game.black, colour: 'w', result: whiteResult }, what);
      take(game.black, round, { opponent: game.white, colour: 'b', result: blackResult }, what);
    });
    byes.forEach((bye, index) => {
      const what = `byes[${index}]`;
      const { round } = bye;
      if (!BYE_KINDS.includes(bye.kind))
        fail('INVALID_INPUT', `${what}.kind ${JSON.stringify(bye.kind)} is not a bye kind`);
      take(bye.player, round, { opponent: null, colour: null, result: bye.kind }, what);
    });

    const built = [...players.entries()]
      .sort(([a], [b]) => a - b)
      .map(([startRank, player]) => buildPlayer(startRank, player, entries.get(startRank) ?? [], rounds));
    return {
      version: input.version ?? 'TRF-2026',
      dialect: 'fide',
      tournament: buildTournament(input.tournament, built, rounds),
      players: built,
      ...emptyRecords(),
      rounds,
      warnings: [],
      layout: { lineEnding: '\n', finalNewline: true, byteOrderMark: false },
    };
  });
}

function buildPlayer(
  startRank: number,
  input: TrfBuildPlayer,
  slots: readonly (RoundEntry | undefined)[],
  rounds: number,
): TrfPlayer {
  const what = `player ${startRank}`;
  if (typeof input.name !== 'string') fail('INVALID_INPUT', `${what}: name must be text`);
  if (input.sex != null && !SEXES.includes(input.sex))
    fail('INVALID_INPUT', `${what}: sex ${JSON.stringify(input.sex)} is not "m" or "w"`);
  if (input.title != null && !TITLES.includes(input.title))
    fail('INVALID_INPUT', `${what}: title ${JSON.stringify(input.title)} is not a FIDE title`);
  const entries = Array.from(
    { length: rounds },
    (_, index) => slots[index] ?? { opponent: null, colour: null, result: null },
  );
  const player = completePlayer(
    {
      player: {
        startRank,
        sex: input.sex ?? null,
        title: input.title ?? null,
        name: input.name.slice(0, NAME_WIDTH).trim(),
        rating: optionalWholeNumber(input.rating, `${what}: rating`),
        federation: input.federation?.trim() || null,
        fideId: optionalWholeNumber(input.fideId, `${what}: FIDE id`),
        birthDate: optionalDate(input.birthDate, `${what}: birthDate`),
        points: null,
        rank: optionalWholeNumber(input.rank, `${what}: rank`),
        source: null,
      },
      entries,
      blankOpponentByes: false,
    },
    rounds,
    null,
  );
  return { ...player, points: player.results.reduce((sum, entry) => sum + entry.points, 0) };
}

function buildTournament(input: TrfBuildTournament, players: readonly TrfPlayer[], rounds: number): TrfTournament {
  const text = (value: string | null | undefined): string | null => value?.trim() || null;
  return {
    name: text(input.name),
    city: text(input.city),
    federation: text(input.federation),
    startDate: optionalDate(input.startDate, 'tournament.startDate'),
    endDate: optionalDate(input.endDate, 'tournament.endDate'),
    playerCount: players.length,
    ratedPlayerCount: players.filter((player) => player.rating !== null).length,
    teamCount: null,
    type: text(input.type),
    chiefArbiter: text(input.chiefArbiter),
    deputyArbiters: (input.deputyArbiters ?? []).map((deputy) => deputy.trim()).filter((deputy) => deputy !== ''),
    timeControl: text(input.timeControl),
    roundDates: (input.roundDates ?? []).map((value, index) => {
      const date = optionalDate(value, `tournament.roundDates[${index}]`);
      return date === null ? null : { ...date, text: roundDateText(date) };
    }),
    numberOfRounds: rounds,
    initialColour: null,
    scoring: null,
    startingRankMethod: null,
    pairingController: null,
    encodedType: null,
    tieBreaks: [],
    standingsTieBreaks: [],
    encodedTimeControl: null,
    boardColours: null,
    teamScoring: null,
    otherTags: [],
    source: [],
  };
}

function wholeNumber(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail('INVALID_INPUT', `${what} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

/** A rating, FIDE id or rank: 0 means "none", as in a TRF. */
function optionalWholeNumber(value: number | null | undefined, what: string): number | null {
  if (value === null || value === undefined || value === 0) return null;
  return wholeNumber(value, what, 1, Number.MAX_SAFE_INTEGER);
}

function optionalDate(value: string | null | undefined, what: string): TrfDate | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? dateFromIso(value) : null;
  if (date === null)
    fail('INVALID_INPUT', `${what} ${JSON.stringify(value)} is not an ISO date 'YYYY-MM-DD' or a year 'YYYY'`);
  return date;
}

function fail(code: TrfErrorCode, problem: string): never {
  throw new TrfError(code, null, null, problem);
}
