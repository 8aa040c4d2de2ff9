import type { Metadata } from 'next';
import Link from 'next/link';
import { DEFAULT_CATEGORIES, type RatingCategory } from '@ratings/rating-rules';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { sectionHref } from '@/i18n/routes';

/** The rating library names each category in both languages. */
const categoryName: Record<Locale, (category: RatingCategory) => string> = {
  fr: (category) => category.name,
  en: (category) => category.nameEn,
};

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'how-ratings-work', params: [] }, getDictionary(locale).howRatingsWork);
}

export default async function HowRatingsWorkPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const text = getDictionary(locale).howRatingsWork;
  return (
    <>
      <div className="page-intro">
        <h1>{text.heading}</h1>
        <p className="lead">{text.intro}</p>
      </div>
      <div className="prose">
        {text.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            <p>{section.body}</p>
          </section>
        ))}
        <section aria-labelledby="categories">
          <h2 id="categories">{text.categories.heading}</h2>
          <p>{text.categories.body}</p>
          <table className="data-table data-table--compact">
            <caption>{text.categories.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.categories.category}</th>
                <th scope="col">{text.categories.range}</th>
              </tr>
            </thead>
            <tbody>
              {DEFAULT_CATEGORIES.map((category) => (
                <tr key={category.code}>
                  <th scope="row">{categoryName[locale](category)}</th>
                  <td>
                    {category.max === null
                      ? fillTemplate(text.categories.openEnded, { min: category.min })
                      : fillTemplate(text.categories.bounded, { min: category.min, max: category.max })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <p>
          <Link href={sectionHref(locale, 'calculator')} className="button">
            {text.calculatorLink}
          </Link>
        </p>
      </div>
    </>
  );
}
