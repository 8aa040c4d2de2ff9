/** The site's languages: French is the default and lives at the root, English under /en. */
export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fr';

export function isLocale(value: string): value is Locale {
  return (locales as readonly string[]).includes(value);
}

/**
 * The BCP 47 tag each language formats numbers and dates with. English uses en-GB so dates read
 * day-month-year, as they do in the federation's French documents.
 */
export const intlLocale: Record<Locale, string> = { fr: 'fr-FR', en: 'en-GB' };
