import type { Metadata } from 'next';
import Link from 'next/link';
import { DEFAULT_CATEGORIES, type RatingCategory } from '@ratings/rating-rules';
import { getDictionary, type Dictionary } from '@/i18n/dictionary';
import { capitalize, fillTemplate, plural } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageMetadata } from '@/i18n/metadata';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs, sectionHref } from '@/i18n/routes';
import {
  configuredParameters,
  fetchPools,
  parameterValueText,
  poolName,
  ratingSystemName,
  type PoolData,
} from '@/lib/pools.queries';

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
  const dictionary = getDictionary(locale);
  const text = dictionary.howRatingsWork;
  const pools = await fetchPools();
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
        <section aria-labelledby="systems-heading">
          <h2 id="systems-heading">{dictionary.systems.heading}</h2>
          <p>{dictionary.systems.intro}</p>
          {pools.map((pool) => (
            <PoolSystem key={pool.code} pool={pool} locale={locale} dictionary={dictionary} />
          ))}
        </section>
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

/** One pool's rating system in plain words, then its parameters as the pool runs them. */
function PoolSystem({ pool, locale, dictionary }: { pool: PoolData; locale: Locale; dictionary: Dictionary }) {
  const text = dictionary.systems;
  const system = pool.ratingSystem;
  const name = poolName(pool, locale);
  const systemName = ratingSystemName(system, locale);
  const explanations = text.explanations as Record<string, string[]>;
  const units = text.units as Record<string, string>;
  const parameterTexts = text.parameters as Record<string, { name: string; description: string } | undefined>;
  // Texts the API gives only in English are marked so, for screen readers and translation tools.
  const apiLang = locale === 'en' ? undefined : 'en';
  return (
    <section
      id={`pool-${pool.code}`}
      aria-labelledby={`pool-${pool.code}-heading`}
      className="pool-system"
      data-pool-system={pool.code}
    >
      <h3 id={`pool-${pool.code}-heading`}>
        {capitalize(fillTemplate(text.poolHeading, { pool: name, system: systemName }), locale)}
      </h3>
      {units[system.ratingUnit.toLowerCase()] && <p>{units[system.ratingUnit.toLowerCase()]}</p>}
      {explanations[system.id] ? (
        explanations[system.id].map((paragraph) => <p key={paragraph}>{paragraph}</p>)
      ) : (
        <p lang={apiLang}>{system.description}</p>
      )}
      <p>{plural(text.period, pool.periodMonths, locale)}</p>
      <div className="table-scroll">
        <table className="data-table parameter-table">
          <caption>{fillTemplate(text.parametersCaption, { system: systemName, pool: name })}</caption>
          <thead>
            <tr>
              <th scope="col">{text.parameterColumns.parameter}</th>
              <th scope="col">{text.parameterColumns.value}</th>
              <th scope="col">{text.parameterColumns.default}</th>
              <th scope="col">{text.parameterColumns.source}</th>
            </tr>
          </thead>
          <tbody>
            {configuredParameters(pool).map((parameter) => {
              const known = parameterTexts[parameter.key];
              return (
                <tr key={parameter.key} data-parameter={parameter.key}>
                  <th scope="row">
                    <span className="parameter-name">{known?.name ?? parameter.key}</span>
                    <span className="cell-detail" lang={known ? undefined : apiLang}>
                      {known?.description ?? parameter.description}
                    </span>
                  </th>
                  <td data-parameter-value>
                    {parameterValueText(parameter.value, locale, text.values)}
                    {!parameter.isDefault && <span className="badge">{text.customized}</span>}
                  </td>
                  <td>{parameterValueText(parameter.default, locale, text.values)}</td>
                  <td>
                    <span className="cell-detail" lang={apiLang}>
                      {parameter.source}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        <Link href={pageHrefs.ranking(locale, pool.code)}>
          {fillTemplate(dictionary.rankingsIndex.open, { pool: name })}
        </Link>
      </p>
    </section>
  );
}
