import { cut, PLAYER, TEAM_DETAIL, type Field } from './columns';
import { quote, TrfError, type TrfErrorCode } from './errors';

const UNSIGNED_INTEGER = /^\d+$/;
const ID_DIGITS = PLAYER.startRank.to - PLAYER.startRank.from + 1;
/** The widest points field: a team's match or game points, "1111.5" (310, columns 55-60 and 62-67). */
const POINTS_DIGITS = TEAM_DETAIL.matchPoints.to - TEAM_DETAIL.matchPoints.from + 1;
/** Points as TRF writes them ("11.5"); a decimal comma is accepted, as some European programs write it. */
const DECIMAL = /^-?\d+(?:[.,]\d+)?$|^-?[.,]\d+$/;

/** A line being read: every error it raises names its line number. */
export class LineReader {
  constructor(
    readonly line: number,
    readonly content: string,
  ) {}

  /** The field's text, blanks trimmed. */
  text(field: Field): string {
    return cut(this.content, field.from, field.to).trim();
  }

  /** The field's text, or null when blank. */
  optionalText(field: Field): string | null {
    const value = this.text(field);
    return value === '' ? null : value;
  }

  /** A non-negative integer, or null when the field is blank. */
  optionalInteger(field: Field, code: TrfErrorCode = 'INVALID_NUMBER'): number | null {
    const value = this.text(field);
    if (value === '') return null;
    return this.integerValue(value, field.from, field.label, code);
  }

  /** A non-negative integer that must be present. */
  integer(field: Field, code: TrfErrorCode = 'INVALID_NUMBER'): number {
    const value = this.optionalInteger(field, code);
    if (value === null) throw this.error(code, field.from, `${field.label} is missing`);
    return value;
  }

  /** A decimal such as "11.5", or null when blank; `signed` allows a leading minus. */
  optionalDecimal(field: Field, signed = false): number | null {
    const value = this.text(field);
    if (value === '') return null;
    return this.decimalValue(value, field.from, field.label, signed);
  }

  integerValue(value: string, column: number, label: string, code: TrfErrorCode = 'INVALID_NUMBER'): number {
    if (!UNSIGNED_INTEGER.test(value)) throw this.error(code, column, `${label} ${quote(value)} is not a number`);
    const number = Number(value);
    if (!Number.isSafeInteger(number)) throw this.error(code, column, `${label} ${quote(value)} is too large`);
    return number;
  }

  decimalValue(value: string, column: number, label: string, signed: boolean): number {
    if (!DECIMAL.test(value) || (!signed && value.startsWith('-'))) {
      throw this.error('INVALID_NUMBER', column, `${label} ${quote(value)} is not a number like "11.5"`);
    }
    if (value.length > POINTS_DIGITS) {
      throw this.error(
        'INVALID_NUMBER',
        column,
        `${label} ${quote(value)} is longer than the widest points field (${POINTS_DIGITS} columns)`,
      );
    }
    return Number(value.replace(',', '.'));
  }

  /** Fails when 1-based column `column` is not blank (or past the end of the line). */
  expectBlank(column: number, between: string): void {
    const char = this.content.charAt(column - 1);
    if (char !== '' && char !== ' ') {
      throw this.error('MISALIGNED_FIELD', column, `expected a blank ${between}, found ${quote(char)}`);
    }
  }

  /** Whitespace-separated ids from `column` to the end of the line (members, byes, boards); 0 / 0000 is "nobody" (null). */
  idList(column: number, label: string): (number | null)[] {
    return this.tokens(column).map(({ value, column: at }) => {
      const id = this.idValue(value, at, label);
      return id === 0 ? null : id;
    });
  }

  /** A start rank or team number: at most as many digits as the start-rank field (columns 5-8) holds. */
  idValue(value: string, column: number, label: string): number {
    const id = this.integerValue(value, column, label);
    if (value.length > ID_DIGITS)
      throw this.error('INVALID_NUMBER', column, `${label} ${quote(value)} has more than ${ID_DIGITS} digits`);
    return id;
  }

  /** The whitespace-separated tokens from `column` on, each with the column it starts at. */
  tokens(column: number): Token[] {
    const tokens: Token[] = [];
    const pattern = /\S+/g;
    const rest = this.content.slice(column - 1);
    for (let match = pattern.exec(rest); match !== null; match = pattern.exec(rest)) {
      tokens.push({ value: match[0], column: column + match.index });
    }
    return tokens;
  }

  error(code: TrfErrorCode, column: number | null, problem: string): TrfError {
    return new TrfError(code, this.line, column, problem);
  }
}

export interface Token {
  readonly value: string;
  /** 1-based column of the token's first character. */
  readonly column: number;
}

/** The last column a token occupies. */
export function tokenEnd(token: Token): number {
  return token.column + token.value.length - 1;
}

/** Points written with one decimal ("4.0", "14.5"), as TRF's "11.5" format asks; finer values are kept as they are. */
export function formatPoints(points: number): string {
  return Number.isInteger(points * 10) ? points.toFixed(1) : String(points);
}
