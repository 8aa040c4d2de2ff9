import { toChangeRecords, toColumnarInput, toPlayerStates } from './columnar';
import { fail } from './errors';
import { validateColumnarInput } from './impl/validate-input';
import { resolveParameters } from './parameters';
import { getRatingSystem } from './systems';
import type {
  ColumnarRatingResult,
  EventColumns,
  PlayerColumns,
  PlayerState,
  RateEventsOptions,
  RatingEvent,
  RatingResult,
} from './types';

/**
 * The population engine (docs/architecture.md, "A rating run"): rates `events` (in date order) for `players` (their states
 * before) under `systemId` with `params` (plain JSON, merged with the system's defaults). Pure: inputs
 * are never mutated and the same input always gives the same output.
 *
 * Parameters and input are validated here, before the system's engine sees them (a RatingRuleError naming
 * the field at fault), whatever the system.
 *
 * Object form in, objects out (game rows included); columnar form in (typed arrays), columns out — the
 * fast path, whose game rows are computed only when asked (`{ gameRows: true }`, or `gameRowsOf(result)`).
 */
export function rateEvents(
  systemId: string,
  params: unknown,
  players: readonly PlayerState[],
  events: readonly RatingEvent[],
): RatingResult;
export function rateEvents(
  systemId: string,
  params: unknown,
  players: PlayerColumns,
  events: EventColumns,
  options?: RateEventsOptions,
): ColumnarRatingResult;
export function rateEvents(
  systemId: string,
  params: unknown,
  players: readonly PlayerState[] | PlayerColumns,
  events: readonly RatingEvent[] | EventColumns,
  options?: RateEventsOptions,
): RatingResult | ColumnarRatingResult {
  const system = getRatingSystem(systemId);
  const resolved = resolveParameters(system.parameters, params, system.id);
  if (Array.isArray(players)) {
    if (!Array.isArray(events))
      fail('INVALID_INPUT', 'events', 'must be an array of events when players is an array', events);
    const columns = toColumnarInput(players, events);
    const result = system.rate(validateColumnarInput(columns.players, columns.events, { gameRows: true }), resolved);
    return { systemId: system.id, params: resolved, players: toPlayerStates(result), changes: toChangeRecords(result) };
  }
  if (Array.isArray(events))
    fail('INVALID_INPUT', 'events', 'must be event columns when players are columns', 'an array');
  return system.rate(validateColumnarInput(players as PlayerColumns, events as EventColumns, options), resolved);
}
