import Link from 'next/link';
import type { Dictionary } from '@/i18n/dictionary';
import { getDictionary } from '@/i18n/dictionary';
import { locales, type Locale } from '@/i18n/locales';
import { sectionHref, type Section } from '@/i18n/routes';
import { siteConfig } from '@/lib/site-config';
import { LOGO_PATH } from '@/lib/site-logo';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';

/** The header's sections, in menu order, with their dictionary key. */
const NAV_SECTIONS: readonly { section: Section | null; key: keyof Dictionary['nav'] }[] = [
  { section: null, key: 'home' },
  { section: 'rankings', key: 'rankings' },
  { section: 'tournaments', key: 'tournaments' },
  { section: 'lists', key: 'lists' },
  { section: 'calculator', key: 'calculator' },
  { section: 'how-ratings-work', key: 'howRatingsWork' },
];

export function SiteHeader({ locale, dictionary }: { locale: Locale; dictionary: Dictionary }) {
  const languages = locales.map((option) => {
    const { name, switchTo } = getDictionary(option).language;
    return { locale: option, name, switchTo };
  });
  const { name, logo } = siteConfig();
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link href={sectionHref(locale, null)} className="site-brand">
          {/* Decorative: the name beside it says the same. */}
          {logo !== null && <img src={LOGO_PATH} alt="" className="site-brand__logo" />}
          <span className="site-brand__text">
            <span className="site-brand__name">{name[locale]}</span>
            <span className="site-brand__tagline">{dictionary.site.tagline}</span>
          </span>
        </Link>
        <LanguageSwitch label={dictionary.language.switchLabel} current={locale} options={languages} />
      </div>
      <MainNav
        label={dictionary.header.navLabel}
        items={NAV_SECTIONS.map(({ section, key }) => ({
          section,
          href: sectionHref(locale, section),
          label: dictionary.nav[key],
        }))}
      />
    </header>
  );
}
