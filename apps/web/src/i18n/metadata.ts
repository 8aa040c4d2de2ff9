import type { Metadata } from 'next';
import { defaultLocale, intlLocale, type Locale } from './locales';
import { alternateHrefs, type Route } from './routes';

/** The entities with a social card of their own (`app/og/[lang]/<kind>/[id]`). */
export type SocialCardKind = 'players' | 'lists';

/** Where an entity's social card is served, in the page's language (outside the proxy's rewrites). */
export function socialCardPath(locale: Locale, kind: SocialCardKind, id: string): string {
  return `/og/${locale}/${kind}/${encodeURIComponent(id)}`;
}

/** A social card's absolute address (link previews need one) and its text alternative. */
export interface SocialImage {
  url: string;
  alt: string;
}

/**
 * A page's title and description, with its address in every language (`<link rel="alternate"
 * hreflang>`), so search engines pair the French and English versions of each page; with a social card
 * when the page has one (og:image, and a large card for the sites that read Twitter's tags).
 */
export function pageMetadata(
  locale: Locale,
  route: Route,
  text: { title: string; description: string },
  image?: SocialImage,
): Metadata {
  const hrefs = alternateHrefs(route);
  const images = image ? [{ ...image, width: 1200, height: 630 }] : undefined;
  return {
    title: text.title,
    description: text.description,
    alternates: { canonical: hrefs[locale], languages: { ...hrefs, 'x-default': hrefs[defaultLocale] } },
    openGraph: {
      title: text.title,
      description: text.description,
      locale: intlLocale[locale].replace('-', '_'),
      type: 'website',
      ...(images ? { images } : {}),
    },
    ...(images
      ? { twitter: { card: 'summary_large_image', title: text.title, description: text.description, images } }
      : {}),
  };
}
