import type { StaffTournamentReviewQuery, TournamentCheckCode } from '@/__generated__/graphql';
import { fillTemplate, formatDate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/** A check as the console reads it: its code and the values its reason names. */
export interface CheckToWord {
  code: TournamentCheckCode;
  params: Partial<NonNullable<StaffTournamentReviewQuery['tournament']>['checks'][number]['params']>;
}

/**
 * A check's reason in the console's language, from its code and parameters (the API's `message` is English
 * only): the template of the code, its dates written as the locale writes them, the tournament type and the
 * result named as the console names them.
 */
export function checkReason(
  check: CheckToWord,
  templates: Record<TournamentCheckCode, string>,
  names: { tournamentTypes: Readonly<Record<string, string>>; results: Readonly<Record<string, string>> },
  locale: Locale,
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(check.params)) {
    if (value === null || value === undefined) continue;
    if (name === 'playedOn' || name === 'startDate' || name === 'endDate')
      values[name] = formatDate(String(value), locale);
    else if (name === 'tournamentType') values[name] = names.tournamentTypes[String(value)] ?? String(value);
    else if (name === 'result') values[name] = names.results[String(value)] ?? String(value);
    else values[name] = value as string | number;
  }
  return fillTemplate(templates[check.code], values);
}
