import { fillTemplate, formatDate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/** Today's date (YYYY-MM-DD) in the federation's time zone: a list comes into force at its midnight. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * A list published before its effective date is upcoming, not yet in force: the API's latest list may be one. ISO
 * dates compare as strings.
 */
export function isUpcoming(effectiveDate: string, today: string): boolean {
  return effectiveDate > today;
}

export interface InForceText {
  /** "en vigueur depuis le {date}" */
  inForceSince: string;
  /** "à venir : en vigueur à partir du {date}" */
  upcomingFrom: string;
}

/** How a list's date reads: in force since it, or upcoming until it. */
export function inForceText(effectiveDate: string, today: string, locale: Locale, text: InForceText): string {
  const date = formatDate(effectiveDate, locale);
  return fillTemplate(isUpcoming(effectiveDate, today) ? text.upcomingFrom : text.inForceSince, { date });
}
