import type { Metadata } from 'next';
import { expectancyCurve } from '@ratings/rating-rules';
import { EloCalculator } from '@/components/calculator/elo-calculator';
import { getDictionary } from '@/i18n/dictionary';
import { formatExpectedScore, formatSigned } from '@/i18n/format';
import { pageMetadata } from '@/i18n/metadata';
import { locales } from '@/i18n/locales';
import { localeFromParams, type LangParams } from '@/i18n/params';

/** Built with the site in both languages: it reads no API (every other page is rendered on its first visit). */
export function generateStaticParams() {
  return locales.map((lang) => ({ lang }));
}

/** Rows of the expected-score table: every 100 points of difference, as the Elo calculator page's table. */
const TABLE_STEP = 100;

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return pageMetadata(locale, { section: 'calculator', params: [] }, getDictionary(locale).calculator);
}

export default async function CalculatorPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const { calculator } = getDictionary(locale);
  const { explanation: text } = calculator;
  const expectancyRows = expectancyCurve({ step: TABLE_STEP }).filter((point) => point.difference >= 0);

  return (
    <>
      <div className="page-intro">
        <h1>{calculator.heading}</h1>
        <p className="lead">{calculator.intro}</p>
      </div>

      <EloCalculator
        locale={locale}
        text={{
          form: calculator.form,
          errors: calculator.errors,
          results: calculator.results,
          chart: calculator.chart,
        }}
      />

      <div className="prose">
        <section aria-labelledby="what-is-elo">
          <h2 id="what-is-elo">{text.whatIsElo.heading}</h2>
          <p>{text.whatIsElo.body}</p>
        </section>

        <section aria-labelledby="elo-formula">
          <h2 id="elo-formula">{text.formula.heading}</h2>
          <p>{text.formula.body}</p>
          <dl className="formulas">
            <dt>{text.formula.expectedLabel}</dt>
            <dd className="formula">
              <var>E</var> = 1 / (1 + 10
              <sup>
                (<var>R</var>
                <sub>{text.formula.opponent}</sub> − <var>R</var>
                <sub>{text.formula.you}</sub>) / 400
              </sup>
              )
            </dd>
            <dt>{text.formula.newRatingLabel}</dt>
            <dd className="formula">
              <var>R</var>′ = <var>R</var> + <var>K</var> × (<var>S</var> − <var>E</var>)
            </dd>
          </dl>
          <p>{text.formula.legend}</p>
        </section>

        <section aria-labelledby="expected-score">
          <h2 id="expected-score">{text.expectedScore.heading}</h2>
          <p>{text.expectedScore.body}</p>
          <table className="data-table data-table--compact">
            <caption>{text.expectedScore.tableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.expectedScore.difference}</th>
                <th scope="col" className="numeric">
                  {text.expectedScore.expected}
                </th>
              </tr>
            </thead>
            <tbody>
              {expectancyRows.map((point) => (
                <tr key={point.difference}>
                  <th scope="row">{formatSigned(point.difference, locale)}</th>
                  <td className="numeric">{formatExpectedScore(point.expected, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="k-factor">
          <h2 id="k-factor">{text.kFactor.heading}</h2>
          <p>{text.kFactor.body}</p>
        </section>

        <section aria-labelledby="why-less">
          <h2 id="why-less">{text.whyLess.heading}</h2>
          <p>{text.whyLess.body}</p>
        </section>

        <section aria-labelledby="how-to">
          <h2 id="how-to">{text.howTo.heading}</h2>
          <ol>
            {text.howTo.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="faq">
          <h2 id="faq">{text.faq.heading}</h2>
          {text.faq.items.map((item) => (
            <details key={item.question} className="faq-item">
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </section>

        <section aria-labelledby="resources">
          <h2 id="resources">{text.resources.heading}</h2>
          <ul>
            <li>
              <a href={text.resources.wikipediaUrl} hrefLang={locale}>
                {text.resources.wikipedia}
              </a>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
