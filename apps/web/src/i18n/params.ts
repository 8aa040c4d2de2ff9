import { notFound } from 'next/navigation';
import { isLocale, type Locale } from './locales';

/** Route props of every page and layout under `app/[lang]`. */
export interface LangParams {
  params: Promise<{ lang: string }>;
}

/** The page's language; an unknown one is a 404 (the proxy only ever rewrites to known languages). */
export async function localeFromParams(params: LangParams['params']): Promise<Locale> {
  const { lang } = await params;
  if (!isLocale(lang)) notFound();
  return lang;
}
