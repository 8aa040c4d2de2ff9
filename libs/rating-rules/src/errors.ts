/** Every way a rating input can be wrong. The API maps any RatingRuleError to BAD_USER_INPUT. */
export type RatingRuleErrorCode =
  | 'INVALID_RATING'
  | 'INVALID_SCORE'
  | 'INVALID_K'
  | 'SELF_PAIRING'
  | 'UNKNOWN_SYSTEM'
  | 'EVENTS_OUT_OF_ORDER'
  | 'UNKNOWN_PLAYER'
  | 'INVALID_PARAMETER'
  | 'INVALID_DATE'
  | 'INVALID_PLAYER'
  | 'INVALID_CARRY'
  | 'INVALID_INPUT';

/** A rating input the rules cannot rate. `field` is the path of the offending value, e.g. `events[2].games[5].score`. */
export class RatingRuleError extends Error {
  override readonly name = 'RatingRuleError';

  constructor(
    readonly code: RatingRuleErrorCode,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Shows a bad value in a message the way a user typed it (strings quoted, NaN and -0 visible). */
export function describeValue(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    const json = JSON.stringify(value);
    return json.length > 80 ? `${json.slice(0, 77)}...` : json;
  } catch {
    return String(value);
  }
}

/** Throws the error for `field`; the message always names the field, the problem and the value. */
export function fail(code: RatingRuleErrorCode, field: string, problem: string, value: unknown): never {
  throw new RatingRuleError(code, field, `${field}: ${problem} (got ${describeValue(value)})`);
}
