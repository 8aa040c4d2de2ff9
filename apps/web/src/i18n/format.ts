import { intlLocale, type Locale } from './locales';

/**
 * Locale-aware formatting for everything the site prints. Ratings are written without thousands
 * separators (players read "2850", not "2 850"); counts of players are grouped.
 */

/** Fills `{name}` placeholders; a placeholder without a value is a programming error. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`No value for placeholder {${name}} in "${template}"`);
    return String(values[name]);
  });
}

export function formatCount(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 0 }).format(value);
}

/** A rating, or a rating-like number such as a difference: no grouping, rounded to whole points. */
export function formatRatingNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { useGrouping: false, maximumFractionDigits: 0 }).format(value);
}

/** A rating change or difference with its sign (`+16`, `−3`, `0`), to `digits` decimals. */
export function formatSigned(value: number, locale: Locale, digits = 0): string {
  return new Intl.NumberFormat(intlLocale[locale], {
    useGrouping: false,
    signDisplay: 'exceptZero',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** An expected score on the 0–1 scale, to hundredths as the FIDE tables print it (`0,64`). */
export function formatExpectedScore(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}

/** A 0–1 share as a percentage to one decimal (`64,0 %`). */
export function formatPercent(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

/** Dates come from the API as ISO strings; a list's date is a calendar day, so it is read and printed in UTC. */
export function parseIsoDate(iso: string): Date {
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (!ISO_DATE.test(iso) || Number.isNaN(date.getTime())) throw new RangeError(`Not an ISO date: "${iso}"`);
  return date;
}

/** `1 mars 2024` / `1 March 2024`. */
export function formatDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(parseIsoDate(iso));
}

/** `mars 2024` / `Mar 2024`: chart axis ticks. */
export function formatMonth(iso: string | number, locale: Locale): string {
  const date = typeof iso === 'number' ? new Date(iso) : parseIsoDate(iso);
  return new Intl.DateTimeFormat(intlLocale[locale], { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A rating period `2026-11` as its month: `novembre 2026` / `November 2026`. */
export function formatPeriod(period: string, locale: Locale): string {
  const match = PERIOD.exec(period);
  if (!match) throw new RangeError(`Not a rating period (YYYY-MM): "${period}"`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return new Intl.DateTimeFormat(intlLocale[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** A list's name as a heading or a label starts with a capital (`Novembre 2026`). */
export function capitalize(text: string, locale: Locale): string {
  return text.charAt(0).toLocaleUpperCase(intlLocale[locale]) + text.slice(1);
}

/** Tournament points the way crosstables print them: `3½`, `½`, `0`; other fractions as decimals. */
export function formatScore(points: number, locale: Locale): string {
  const whole = Math.trunc(points);
  const fraction = Math.abs(points - whole);
  if (fraction === 0) return String(whole);
  if (fraction === 0.5) return `${whole === 0 ? (points < 0 ? '-' : '') : whole}½`;
  return new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 2 }).format(points);
}

/** A plain decimal such as a K-factor (`32`, `12,5`): at most `digits` decimals, no grouping. */
export function formatDecimal(value: number, locale: Locale, digits = 2): string {
  return new Intl.NumberFormat(intlLocale[locale], { useGrouping: false, maximumFractionDigits: digits }).format(value);
}

/** A sentence's singular and plural, as the dictionaries give them (`{ one, other }`). */
export interface PluralForms {
  one: string;
  other: string;
}

/**
 * The form of `forms` the language uses for `count` (French counts 0 and 1 as singular, English only
 * 1), with `{count}` and any other placeholders filled; counts are grouped (`1 234`).
 */
export function plural(
  forms: PluralForms,
  count: number,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  const form = new Intl.PluralRules(intlLocale[locale]).select(count) === 'one' ? forms.one : forms.other;
  return fillTemplate(form, { count: formatCount(count, locale), ...values });
}

/** An instant of the API (`2026-11-03T14:05:00.000Z`), date and time, in UTC and saying so (the server has no reader's zone). */
export function formatDateTime(iso: string, locale: Locale): string {
  return (
    new Intl.DateTimeFormat(intlLocale[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(new Date(iso)) + ' UTC'
  );
}
