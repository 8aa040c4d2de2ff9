import { RatingRuleError, type RatingRuleErrorCode } from '../errors';
import type { GameScore } from '../checks';
import { rateEvents } from '../rate-events';
import type { PlayerState, PlayerStateAfter, RatedGame, RatingChange, RatingEvent, RatingResult } from '../types';

/** A player state; established (100 games) unless told otherwise. */
export const player = (
  id: string,
  rating: number | null,
  games = 100,
  extra: Partial<PlayerState> = {},
): PlayerState => ({
  id,
  rating,
  games,
  ...extra,
});

export const game = (white: string, black: string, score: GameScore, extra: Partial<RatedGame> = {}): RatedGame => ({
  white,
  black,
  score,
  ...extra,
});

export const event = (id: string, date: string, games: readonly RatedGame[], period?: string): RatingEvent => ({
  id,
  date,
  games,
  ...(period ? { period } : {}),
});

/** Opponents o1 … on, established, with the given ratings. */
export const opponents = (ratings: readonly number[], games = 100): PlayerState[] =>
  ratings.map((rating, i) => player(`o${i + 1}`, rating, games));

/** `id` plays the opponents o1 … on in one event, round i + 1, scoring `scores[i]` (as white). */
export const gamesAgainstOpponents = (id: string, scores: readonly GameScore[]): RatedGame[] =>
  scores.map((score, i) => game(id, `o${i + 1}`, score, { round: i + 1 }));

export function after(result: RatingResult, id: string): PlayerStateAfter {
  const found = result.players.find((p) => p.id === id);
  if (!found) throw new Error(`no player ${id} in the result`);
  return found;
}

export function changeOf(result: RatingResult, playerId: string, eventId?: string): RatingChange {
  const found = result.changes.find((c) => c.playerId === playerId && (eventId === undefined || c.eventId === eventId));
  if (!found) throw new Error(`no change for ${playerId}${eventId ? ` in ${eventId}` : ''}`);
  return found;
}

/** One player against a list of opponents in one event of `systemId`. */
export function rateAgainst(
  systemId: string,
  own: PlayerState,
  opponentRatings: readonly number[],
  scores: readonly GameScore[],
  params: Record<string, unknown> = {},
  date = '2025-06-30',
): RatingResult {
  return rateEvents(
    systemId,
    params,
    [own, ...opponents(opponentRatings)],
    [event('t1', date, gamesAgainstOpponents(own.id, scores))],
  );
}

/** Runs `work`, expects a RatingRuleError with this code and field, whose message names the field. */
export function expectRuleError(work: () => unknown, code: RatingRuleErrorCode, field: string): void {
  let thrown: unknown;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RatingRuleError);
  const error = thrown as RatingRuleError;
  expect({ code: error.code, field: error.field }).toEqual({ code, field });
  expect(error.message).toContain(field);
}
