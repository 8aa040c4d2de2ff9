import { fail } from './errors';
import { validateColumnarInput } from './impl/validate-input';
import { getRatingSystem } from './systems';
import type { ColumnarRatingResult, GameResultColumns } from './types';

/**
 * The game rows of a columnar result (one per input game, both sides: the rating each side was
 * counted with, expected scores, each side's part of the change; NaN for null). A run made with
 * `{ gameRows: true }` kept them: they are returned as they are. Otherwise the result's input
 * (`playersBefore`, `events`, which must not have been modified since) is rated again by the same
 * engine with game rows on — about the cost of the run itself plus writing six numbers per game.
 */
export function gameRowsOf(result: ColumnarRatingResult): GameResultColumns {
  if (typeof result !== 'object' || result === null || typeof result.systemId !== 'string') {
    fail('INVALID_INPUT', 'result', 'must be a columnar result of rateEvents', result);
  }
  if (result.hasGameRows) return result.games;
  const system = getRatingSystem(result.systemId);
  return system.rate(validateColumnarInput(result.playersBefore, result.events, { gameRows: true }), result.params)
    .games;
}
