import 'server-only';
import { headers } from 'next/headers';
import type { Locale } from '@/i18n/locales';
import { socialCardPath, type SocialCardKind, type SocialImage } from '@/i18n/metadata';

/**
 * The site's public origin for absolute addresses (sitemaps, robots.txt, social cards): `SITE_URL`, else the
 * address this request came to (behind a proxy, the forwarded host and protocol).
 */
export async function siteOrigin(): Promise<string> {
  if (process.env.SITE_URL) return new URL(process.env.SITE_URL).origin;
  const request = await headers();
  const host = request.get('x-forwarded-host') ?? request.get('host') ?? 'localhost';
  const protocol = request.get('x-forwarded-proto') ?? 'http';
  return `${protocol}://${host}`;
}

/**
 * An entity's social card for its page's metadata; `alt` is the page's title. Kept pages cannot read the request
 * (it would make them per-request), so the address is absolute only on `SITE_URL`; without it, Next.js makes the
 * path absolute on its local fallback (`http://localhost:<port>`), which only suits a development machine.
 */
export function socialImage(locale: Locale, kind: SocialCardKind, id: string, alt: string): SocialImage {
  const path = socialCardPath(locale, kind, id);
  return { url: process.env.SITE_URL ? `${new URL(process.env.SITE_URL).origin}${path}` : path, alt };
}
