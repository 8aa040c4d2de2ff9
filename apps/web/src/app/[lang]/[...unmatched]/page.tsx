import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getDictionary } from '@/i18n/dictionary';
import { localeFromParams, type LangParams } from '@/i18n/params';

/** The 404's title once the browser has rendered it (see not-found.tsx). */
export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).notFound.title };
}

/** Every public path that names no page is rewritten here by the proxy: the localized 404, status 404. */
export default function UnmatchedPage(): never {
  notFound();
}
