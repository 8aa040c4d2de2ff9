import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';
import { sectionHref } from '@/i18n/routes';
import { publicApiUrl } from '@/lib/api';
import { publicApiHref } from '@/lib/public-api';

export function SiteFooter({ locale, dictionary }: { locale: Locale; dictionary: Dictionary }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__about">{dictionary.footer.about}</p>
        <nav aria-label={dictionary.footer.linksLabel}>
          <ul className="site-footer__links">
            <li>
              <Link href={sectionHref(locale, 'how-ratings-work')}>{dictionary.nav.howRatingsWork}</Link>
            </li>
            <li>
              <Link href={sectionHref(locale, 'lists')}>{dictionary.nav.lists}</Link>
            </li>
            <li>
              <Link href={sectionHref(locale, 'calculator')}>{dictionary.nav.calculator}</Link>
            </li>
            <li>
              {/* The API's own explorer page: for developers building on the public API. */}
              <a href={publicApiHref(publicApiUrl(), '/graphiql')}>{dictionary.footer.apiExplorer}</a>
            </li>
            <li>
              {/* The staff console, discreetly: it is in no menu and no sitemap, and its pages are noindex. */}
              <Link href={sectionHref(locale, 'staff')} className="site-footer__staff" rel="nofollow">
                {dictionary.footer.staff}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
