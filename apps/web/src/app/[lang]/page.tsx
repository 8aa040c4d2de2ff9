import type { Metadata } from 'next';
import Link from 'next/link';
import { getDictionary, type Dictionary } from '@/i18n/dictionary';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { homeRoute, sectionHref, type Section } from '@/i18n/routes';

/** The sections the home page introduces, with the dictionary keys of their name and blurb. */
const HOME_SECTIONS: readonly { section: Section; key: keyof Dictionary['home']['sections'] & keyof Dictionary['nav'] }[] = [
  { section: 'rankings', key: 'rankings' },
  { section: 'tournaments', key: 'tournaments' },
  { section: 'lists', key: 'lists' },
  { section: 'calculator', key: 'calculator' },
  { section: 'how-ratings-work', key: 'howRatingsWork' },
];

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { home, site } = getDictionary(locale);
  return { ...pageMetadata(locale, homeRoute, { title: home.title, description: home.description }), title: { absolute: site.name } };
}

export default async function HomePage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const { home, nav } = getDictionary(locale);
  return (
    <>
      <div className="page-intro">
        <h1>{home.heading}</h1>
        <p className="lead">{home.intro}</p>
      </div>
      <section aria-labelledby="home-sections-heading">
        <h2 id="home-sections-heading">{home.sectionsHeading}</h2>
        <ul className="card-list">
          {HOME_SECTIONS.map(({ section, key }) => (
            <li key={section} className="card">
              <h3 className="card__title">
                <Link href={sectionHref(locale, section)}>{nav[key]}</Link>
              </h3>
              <p>{home.sections[key]}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
