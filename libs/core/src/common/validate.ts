import { invalidInput } from '../errors';

/**
 * Input checks shared by the use cases. Each names the field it checks, so the caller sees
 * `players[3].birthDate: "1987-02-30" is not a calendar date` rather than a database error.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Trimmed text with inner runs of whitespace collapsed; `max` is the column's length. */
export function requiredText(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string') throw invalidInput(field, 'is required and must be text');
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '') throw invalidInput(field, 'must not be blank');
  if (text.length > max) throw invalidInput(field, `must be at most ${max} characters (got ${text.length})`);
  return text;
}

/** Like requiredText, but null, undefined and blank all mean "none". */
export function optionalText(field: string, value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  return requiredText(field, value, max);
}

/** A real calendar date written 'YYYY-MM-DD' (February 30th is refused). */
export function isoDate(field: string, value: unknown): string {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) throw invalidInput(field, `must be a date written YYYY-MM-DD (got ${JSON.stringify(value)})`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw invalidInput(field, `${JSON.stringify(value)} is not a calendar date`);
  }
  return value as string;
}

export function optionalIsoDate(field: string, value: unknown): string | null {
  return value === null || value === undefined ? null : isoDate(field, value);
}

export function wholeNumber(field: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidInput(field, `must be a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return value;
}

export function optionalWholeNumber(field: string, value: unknown, min: number, max: number): number | null {
  return value === null || value === undefined ? null : wholeNumber(field, value, min, max);
}

export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalidInput(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as T;
}

/** FIDE federation codes are three capital letters ('CAN', 'FRA'); lower case is accepted and raised. */
export function optionalFederation(field: string, value: unknown): string | null {
  const text = optionalText(field, value, Number.MAX_SAFE_INTEGER);
  if (text === null) return null;
  const code = text.toUpperCase();
  if (!/^[A-Z]{3}$/.test(code))
    throw invalidInput(field, `must be a three-letter federation code such as CAN (got ${JSON.stringify(value)})`);
  return code;
}

/** A positive database id. */
export function entityId(field: string, value: unknown): number {
  return wholeNumber(field, value, 1, 2_147_483_647);
}

/** Today's date in UTC, 'YYYY-MM-DD' (the federation's dates are calendar dates without a time zone). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
