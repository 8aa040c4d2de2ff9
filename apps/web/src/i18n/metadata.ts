import type { Metadata } from 'next';
import { defaultLocale, intlLocale, type Locale } from './locales';
import { alternateHrefs, type Route } from './routes';

/**
 * A page's title and description, with its address in every language (`<link rel="alternate"
 * hreflang>`), so search engines pair the French and English versions of each page.
 */
export function pageMetadata(locale: Locale, route: Route, text: { title: string; description: string }): Metadata {
  const hrefs = alternateHrefs(route);
  return {
    title: text.title,
    description: text.description,
    alternates: { canonical: hrefs[locale], languages: { ...hrefs, 'x-default': hrefs[defaultLocale] } },
    openGraph: {
      title: text.title,
      description: text.description,
      locale: intlLocale[locale].replace('-', '_'),
      type: 'website',
    },
  };
}
