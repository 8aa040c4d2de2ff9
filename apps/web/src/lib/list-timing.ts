import { fillTemplate, formatDate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/** A list as its date is shown: the API says whether it is still upcoming (published ahead of its date). */
export interface ListDate {
  effectiveDate: string;
  upcoming: boolean;
}

export interface InForceText {
  /** "en vigueur depuis le {date}" */
  inForceSince: string;
  /** "à venir : en vigueur à partir du {date}" */
  upcomingFrom: string;
}

/** How a list's date reads: in force since it, or upcoming until it. */
export function inForceText(list: ListDate, locale: Locale, text: InForceText): string {
  const date = formatDate(list.effectiveDate, locale);
  return fillTemplate(list.upcoming ? text.upcomingFrom : text.inForceSince, { date });
}
