import { left, NATIONAL_RATING, right } from '../columns';
import type { WarningSink } from '../errors';
import { LineReader } from '../fields';
import type { TrfNationalRating, TrfSourceLine } from '../types';
import { dateText, fitNumber, readDateField, readSex, sourceOf, zeroAsNull, type FormatOptions } from './common';

/** A National Rating Support record starts with the rating federation's code and a start rank at 5-8. */
export const NATIONAL_RATING_LINE = /^[A-Z]{3} [ \d]{3}\d(?: |$)/;

/** Columns between the fields that must stay blank (the 001 static part's separators). */
const SEPARATORS: readonly number[] = [9, 14, 48, 53, 57, 69];

export function readNationalRating(source: TrfSourceLine, warn: WarningSink): TrfNationalRating {
  const reader = new LineReader(source.line, source.text);
  const startRank = reader.integer(NATIONAL_RATING.startRank, 'INVALID_START_RANK');
  if (startRank === 0)
    throw reader.error('INVALID_START_RANK', NATIONAL_RATING.startRank.from, 'start rank 0 is not a player');
  for (const column of SEPARATORS) reader.expectBlank(column, 'between the fields of a national rating record');
  return {
    federation: source.text.slice(0, 3),
    startRank,
    sex: readSex(reader, NATIONAL_RATING.sex, warn),
    classification: reader.optionalText(NATIONAL_RATING.classification),
    name: reader.optionalText(NATIONAL_RATING.name),
    rating: zeroAsNull(reader.optionalInteger(NATIONAL_RATING.rating)),
    origin: reader.optionalText(NATIONAL_RATING.origin),
    nationalId: reader.optionalText(NATIONAL_RATING.nationalId),
    birthDate: readDateField(reader, NATIONAL_RATING.birthDate, warn),
    source: sourceOf(reader),
  };
}

export function formatNationalRating(record: TrfNationalRating, options: FormatOptions): string {
  const about = `national rating of player ${record.startRank}`;
  return (
    `${left(record.federation, 3)} ${fitNumber(record.startRank, 4, 'start rank')} ${record.sex ?? ' '}` +
    `${right((record.classification ?? '').slice(0, 3), 3)} ${left(record.name ?? '', 33)} ${fitNumber(record.rating, 4, `${about}: rating`)}` +
    ` ${left(record.origin ?? '', 3)} ${right((record.nationalId ?? '').slice(0, 11), 11)}` +
    ` ${left(record.birthDate ? dateText(record.birthDate, options) : '', 10)}`
  ).trimEnd();
}
