import 'server-only';
import type { Locale } from './locales';
import fr from './dictionaries/fr.json';
import en from './dictionaries/en.json';

/** Every string of the site; French is the reference shape, and `dictionaries.spec.ts` holds English to it. */
export type Dictionary = typeof fr;

const dictionaries: Record<Locale, Dictionary> = { fr, en };

/** Server components read their strings here; client components receive the slice they need as props. */
export function getDictionary(locale: Locale): Dictionary {
  return dictionaries[locale];
}
