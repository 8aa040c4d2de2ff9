import { ROUND_ENTRY, roundEntryColumn } from './columns';
import { onlyTrfErrors, TrfError, type TrfErrorCode } from './errors';
import { isPlayedResult, type TrfResultCode } from './results';
import type { TrfDocument, TrfPlayer, TrfRoundResult } from './types';

/**
 * A pairing's result from white's side. `+/-`, `-/+` and `-/-` are forfeits; `*` is a pairing whose result is
 * not recorded yet (an in-tournament file).
 */
export type TrfGameResult = '1-0' | '0-1' | '1/2-1/2' | '+/-' | '-/+' | '-/-' | '*';

export interface TrfGame {
  readonly round: number;
  /** Start ranks. */
  readonly white: number;
  readonly black: number;
  readonly result: TrfGameResult;
  /** Played over the board and rated: not a forfeit, not a game under one move (`W`/`D`/`L`), not pending. */
  readonly played: boolean;
  /** False when neither entry gives a colour (`-`): white is then the lower start rank. */
  readonly coloursKnown: boolean;
}

/** An entry without an opponent: a bye (H F U Z), an unplayed result (W D L) or a forfeit (+ -). */
export type TrfByeKind = 'H' | 'F' | 'U' | 'Z' | 'W' | 'D' | 'L' | '+' | '-';

export interface TrfBye {
  readonly round: number;
  readonly player: number;
  readonly kind: TrfByeKind;
  readonly points: number;
}

export interface TrfPairings {
  /** By round, then by the lower start rank of the pair. */
  readonly games: readonly TrfGame[];
  /** By round, then start rank. */
  readonly byes: readonly TrfBye[];
}

/** What a pair of entries means, keyed `white result + black result`, and whether the game was played. */
const PAIRED_RESULTS: Readonly<Record<string, { result: TrfGameResult; played: boolean }>> = {
  '10': { result: '1-0', played: true },
  '01': { result: '0-1', played: true },
  '==': { result: '1/2-1/2', played: true },
  '+-': { result: '+/-', played: false },
  '-+': { result: '-/+', played: false },
  '--': { result: '-/-', played: false },
  WL: { result: '1-0', played: false },
  LW: { result: '0-1', played: false },
  DD: { result: '1/2-1/2', played: false },
  '  ': { result: '*', played: false },
};

const BYE_RESULTS: ReadonlySet<TrfResultCode> = new Set<TrfResultCode>(['H', 'F', 'U', 'Z']);

/**
 * The tournament's pairings as games, plus the byes. Checks that both players' entries of every pairing
 * agree (A plays B as white with 1 ⇔ B plays A as black with 0, in the same round); a disagreement, a
 * player paired with himself or with a start rank that has no 001 record, or a player named by two
 * opponents in one round throws a TrfError naming the line and column of the entry.
 */
export function extractGames(document: TrfDocument): TrfPairings {
  return onlyTrfErrors(() => {
    const players = new Map(document.players.map((player) => [player.startRank, player]));
    const games: TrfGame[] = [];
    const byes: TrfBye[] = [];
    for (let round = 1; round <= document.rounds; round += 1) {
      // Each entry is checked on its own first, so an error names the entry at fault rather than its opponent's.
      checkEntries(document.players, players, round);
      for (const player of document.players) {
        const entry = player.results[round - 1];
        if (entry === undefined || (entry.opponent === null && entry.result === null)) continue;
        if (entry.opponent === null) {
          byes.push({ round, player: player.startRank, kind: entry.result as TrfByeKind, points: entry.points });
        } else if (entry.opponent > player.startRank) {
          games.push(pairing(player, entry, players.get(entry.opponent) as TrfPlayer));
        } else {
          checkNamesBack(player, entry, players.get(entry.opponent) as TrfPlayer);
        }
      }
    }
    return { games, byes };
  });
}

/**
 * Faults one entry shows without its opponent's: a played result without opponent, a bye with one, the
 * player himself or a start rank without 001 record as opponent, one opponent named by two players.
 */
function checkEntries(players: readonly TrfPlayer[], byRank: ReadonlyMap<number, TrfPlayer>, round: number): void {
  const namedBy = new Map<number, TrfPlayer>();
  for (const player of players) {
    const entry = player.results[round - 1];
    if (entry === undefined) continue;
    const { opponent, result } = entry;
    const who = `player ${player.startRank}`;
    if (opponent === null) {
      if (isPlayedResult(result)) {
        throw entryError(
          player,
          round,
          'result',
          'RESULT_WITHOUT_OPPONENT',
          `${who} has result "${result}" in round ${round} but no opponent`,
        );
      }
      continue;
    }
    if (opponent === player.startRank) {
      throw entryError(player, round, 'opponent', 'SELF_PAIRING', `${who} is paired with himself in round ${round}`);
    }
    if (!byRank.has(opponent)) {
      throw entryError(
        player,
        round,
        'opponent',
        'UNKNOWN_OPPONENT',
        `${who}'s round ${round} opponent ${opponent} has no 001 record`,
      );
    }
    if (result !== null && BYE_RESULTS.has(result)) {
      throw entryError(
        player,
        round,
        'result',
        'BYE_WITH_OPPONENT',
        `${who} has bye "${result}" in round ${round} but also opponent ${opponent}`,
      );
    }
    const first = namedBy.get(opponent);
    if (first !== undefined) {
      throw entryError(
        player,
        round,
        'opponent',
        'PLAYER_TWICE_IN_ROUND',
        `player ${opponent} is paired twice in round ${round}: with ${first.startRank}${lineNote(first)} and with ${player.startRank}`,
      );
    }
    namedBy.set(opponent, player);
  }
}

/** The game of a pairing, from the side of its lower start rank, once both entries agree. */
function pairing(player: TrfPlayer, entry: TrfRoundResult, opponent: TrfPlayer): TrfGame {
  const other = checkNamesBack(player, entry, opponent);
  const colours = `${entry.colour ?? ''}${other.colour ?? ''}`;
  if (colours === 'ww' || colours === 'bb') throw disagreement(player, entry, opponent, 'colour');
  const playerIsWhite = colours === '' ? true : entry.colour === 'w' || other.colour === 'b';
  const [white, black] = playerIsWhite ? [entry, other] : [other, entry];
  const outcome = PAIRED_RESULTS[`${white.result ?? ' '}${black.result ?? ' '}`];
  if (outcome === undefined) throw disagreement(player, entry, opponent, 'result');
  return {
    round: entry.round,
    white: playerIsWhite ? player.startRank : opponent.startRank,
    black: playerIsWhite ? opponent.startRank : player.startRank,
    result: outcome.result,
    played: outcome.played,
    coloursKnown: colours !== '',
  };
}

/** The opponent's entry for the round, which must name the player back. */
function checkNamesBack(player: TrfPlayer, entry: TrfRoundResult, opponent: TrfPlayer): TrfRoundResult {
  const other = opponent.results[entry.round - 1];
  if (other?.opponent !== player.startRank) throw disagreement(player, entry, opponent, 'opponent');
  return other;
}

function disagreement(
  player: TrfPlayer,
  entry: TrfRoundResult,
  opponent: TrfPlayer,
  part: 'opponent' | 'colour' | 'result',
): TrfError {
  const other = opponent.results[entry.round - 1];
  return entryError(
    player,
    entry.round,
    part,
    'INCONSISTENT_PAIRING',
    `round ${entry.round}: player ${player.startRank} ${describe(entry)}, but player ${opponent.startRank}${lineNote(opponent)} ${describe(other)}`,
  );
}

function describe(entry: TrfRoundResult | undefined): string {
  if (entry === undefined || (entry.opponent === null && entry.result === null)) return 'has no entry';
  const against = entry.opponent === null ? 'no opponent' : `opponent ${entry.opponent}`;
  const colour = entry.colour === 'w' ? 'white' : entry.colour === 'b' ? 'black' : 'no colour';
  return `has ${against}, ${colour}, result "${entry.result ?? ' '}"`;
}

function lineNote(player: TrfPlayer): string {
  return player.source === null ? '' : ` (line ${player.source.line})`;
}

function entryError(
  player: TrfPlayer,
  round: number,
  part: 'opponent' | 'colour' | 'result',
  code: TrfErrorCode,
  problem: string,
): TrfError {
  const offset = part === 'opponent' ? 0 : part === 'colour' ? ROUND_ENTRY.colourOffset : ROUND_ENTRY.resultOffset;
  const line = player.source?.line ?? null;
  return new TrfError(code, line, line === null ? null : roundEntryColumn(round) + offset, problem);
}
