import type { Metadata } from 'next';
import Link from 'next/link';
import { getDictionary } from '@/i18n/dictionary';
import { rootLocale } from '@/i18n/root-locale';
import { sectionHref } from '@/i18n/routes';

/**
 * The title of the server-rendered 404 response. Next.js renders a 404's body in the browser
 * (vercel/next.js#62228) and then takes the title from the route's own metadata, which is why
 * `[...unmatched]/page.tsx` declares the same title.
 */
export async function generateMetadata(): Promise<Metadata> {
  return { title: getDictionary(await rootLocale()).notFound.title };
}

export default async function NotFound() {
  const locale = await rootLocale();
  const text = getDictionary(locale).notFound;
  return (
    <section className="status-page" aria-labelledby="not-found-heading" data-page="not-found">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-heading">{text.heading}</h1>
      <p>{text.message}</p>
      <ul className="action-list">
        <li>
          <Link href={sectionHref(locale, null)}>{text.homeLink}</Link>
        </li>
        <li>
          <Link href={sectionHref(locale, 'rankings')}>{text.rankingsLink}</Link>
        </li>
      </ul>
    </section>
  );
}
