import { notFound } from 'next/navigation';
import { lang } from 'next/root-params';
import { isLocale, type Locale } from './locales';

/**
 * The page's language where no `params` arrive (`not-found.tsx`, `loading.tsx`): `lang` is the root
 * segment of every route, so Next.js can hand it to any server component.
 */
export async function rootLocale(): Promise<Locale> {
  const value: string = await lang();
  if (!isLocale(value)) notFound();
  return value;
}
