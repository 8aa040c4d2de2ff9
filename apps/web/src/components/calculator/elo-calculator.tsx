'use client';

import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  calculateGame,
  EXPECTATION_MODELS,
  expectancyCurve,
  formatRating,
  K_FACTOR_PRESETS,
  type ExpectationModel,
} from '@ratings/rating-rules';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatExpectedScore, formatPercent, formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import {
  DEFAULT_FORM,
  GAME_RESULTS,
  MAX_CALCULATOR_RATING,
  MAX_K_FACTOR,
  validateCalculatorForm,
  type CalculatorForm,
  type KError,
  type RatingError,
} from '@/lib/calculator-input';
import { ExpectancyChart } from './expectancy-chart';

export type CalculatorText = Pick<Dictionary['calculator'], 'form' | 'errors' | 'results' | 'chart'>;

const MODEL_LABEL_KEY: Record<ExpectationModel, 'modelLogistic' | 'modelFideTable'> = {
  logistic: 'modelLogistic',
  'fide-table': 'modelFideTable',
};

/**
 * The Elo calculator page’s calculator: every keystroke recomputes in the browser with `@ratings/rating-rules`.
 * Invalid input never reaches the maths; the field says what is wrong and the results wait.
 */
export function EloCalculator({ locale, text }: { locale: Locale; text: CalculatorText }) {
  const [form, setForm] = useState<CalculatorForm>(DEFAULT_FORM);
  const update = (patch: Partial<CalculatorForm>) => setForm((previous) => ({ ...previous, ...patch }));
  const validation = useMemo(() => validateCalculatorForm(form), [form]);
  const calculation = useMemo(() => (validation.ok ? calculateGame(validation.input) : null), [validation]);
  const curve = useMemo(() => expectancyCurve({ model: form.model, cap400: form.cap400 }), [form.model, form.cap400]);
  const errors = validation.ok ? {} : validation.errors;
  const ratingErrorText = (error: RatingError | undefined) =>
    error && fillTemplate(text.errors[error], { max: MAX_CALCULATOR_RATING });
  const kErrorText = (error: KError | undefined) => error && fillTemplate(text.errors[error], { max: MAX_K_FACTOR });

  return (
    <form className="calculator" aria-label={text.form.label} noValidate onSubmit={(event) => event.preventDefault()}>
      <div className="calculator__inputs">
        <fieldset className="fieldset">
          <legend>{text.form.gameLegend}</legend>
          <NumberField
            name="rating"
            label={text.form.rating}
            hint={fillTemplate(text.form.ratingHint, { max: MAX_CALCULATOR_RATING })}
            value={form.rating}
            error={ratingErrorText(errors.rating)}
            onChange={(rating) => update({ rating })}
          />
          <NumberField
            name="opponent"
            label={text.form.opponent}
            hint={fillTemplate(text.form.ratingHint, { max: MAX_CALCULATOR_RATING })}
            value={form.opponent}
            error={ratingErrorText(errors.opponent)}
            onChange={(opponent) => update({ opponent })}
          />
          <ChoiceGroup legend={text.form.result}>
            {GAME_RESULTS.map((result) => (
              <Choice
                key={result}
                name="result"
                value={result}
                checked={form.result === result}
                onChange={() => update({ result })}
              >
                {text.form[result]}
              </Choice>
            ))}
          </ChoiceGroup>
        </fieldset>

        <fieldset className="fieldset">
          <legend>{text.form.kFactor}</legend>
          <p className="field-hint">{text.form.kHint}</p>
          <div className="choice-row">
            {K_FACTOR_PRESETS.map((k) => (
              <Choice
                key={k}
                name="k"
                value={String(k)}
                checked={form.kChoice === k}
                onChange={() => update({ kChoice: k })}
              >
                {k}
              </Choice>
            ))}
            <Choice
              name="k"
              value="custom"
              checked={form.kChoice === 'custom'}
              onChange={() => update({ kChoice: 'custom' })}
            >
              {text.form.kCustom}
            </Choice>
          </div>
          {form.kChoice === 'custom' && (
            <NumberField
              name="customK"
              label={text.form.kCustomValue}
              value={form.customK}
              error={kErrorText(errors.customK)}
              onChange={(customK) => update({ customK })}
            />
          )}
        </fieldset>

        <fieldset className="fieldset">
          <legend>{text.form.systemLegend}</legend>
          <div className="choice-column">
            {EXPECTATION_MODELS.map((model) => (
              <Choice
                key={model}
                name="model"
                value={model}
                checked={form.model === model}
                onChange={() => update({ model })}
              >
                {text.form[MODEL_LABEL_KEY[model]]}
              </Choice>
            ))}
          </div>
          <label className="choice">
            <input
              type="checkbox"
              name="cap400"
              checked={form.cap400}
              onChange={(event) => update({ cap400: event.target.checked })}
            />
            <span>{text.form.cap400}</span>
          </label>
        </fieldset>
      </div>

      <section className="calculator__results" aria-labelledby="calculator-results-heading">
        <h2 id="calculator-results-heading">{text.results.heading}</h2>
        {calculation && validation.ok ? (
          <>
            <p className="visually-hidden" aria-live="polite">
              {fillTemplate(text.results.announcement, {
                rating: formatRating(calculation.newRating, false),
                change: formatSigned(calculation.changeRounded, locale),
              })}
            </p>
            <dl className="key-figures">
              <div className="key-figure key-figure--main">
                <dt>{text.results.newRating}</dt>
                <dd>
                  <span className="key-figure__value" data-result="new-rating">
                    {formatRating(calculation.newRating, false)}
                  </span>
                </dd>
              </div>
              <div className="key-figure">
                <dt>{text.results.change}</dt>
                <dd>
                  <span className="key-figure__value" data-result="change">
                    {formatSigned(calculation.changeRounded, locale)}
                  </span>
                  <span className="key-figure__detail" data-result="exact-change">
                    {fillTemplate(text.results.exactChange, { value: formatSigned(calculation.change, locale, 2) })}
                  </span>
                </dd>
              </div>
              <div className="key-figure">
                <dt>{text.results.expected}</dt>
                <dd>
                  <span className="key-figure__value" data-result="expected">
                    {formatExpectedScore(calculation.expected, locale)}
                  </span>
                  <span className="key-figure__detail">
                    {fillTemplate(text.results.expectedShare, { percent: formatPercent(calculation.expected, locale) })}
                  </span>
                </dd>
              </div>
              <div className="key-figure">
                <dt>{text.results.opponentNewRating}</dt>
                <dd>
                  <span className="key-figure__value" data-result="opponent-new-rating">
                    {formatRating(calculation.opponentNewRating, false)}
                  </span>
                </dd>
              </div>
            </dl>

            <table className="data-table scenario-table">
              <caption>{text.results.scenariosCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{text.results.scenarioResult}</th>
                  <th scope="col">{text.results.scenarioChange}</th>
                  <th scope="col">{text.results.scenarioNewRating}</th>
                </tr>
              </thead>
              <tbody>
                {GAME_RESULTS.map((result) => {
                  const scenario = calculation.scenarios[result];
                  const chosen = result === form.result;
                  return (
                    <tr key={result} data-scenario={result} className={chosen ? 'is-chosen' : undefined}>
                      <th scope="row">
                        {text.form[result]}
                        {chosen && <span className="visually-hidden"> ({text.results.chosen})</span>}
                      </th>
                      <td data-scenario-value="change">{formatSigned(scenario.changeRounded, locale)}</td>
                      <td data-scenario-value="new-rating">{formatRating(scenario.newRating, false)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>

            <ExpectancyChart
              curve={curve}
              pairing={{
                difference: validation.input.rating - validation.input.opponent,
                expected: calculation.expected,
              }}
              locale={locale}
              text={text.chart}
            />
          </>
        ) : (
          <p className="notice notice--warning" role="status">
            {text.errors.summary}
          </p>
        )}
      </section>
    </form>
  );
}

function NumberField({
  name,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className="field-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="field-error" data-field-error={name}>
          {error}
        </p>
      )}
    </div>
  );
}

function ChoiceGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="fieldset fieldset--nested">
      <legend>{legend}</legend>
      <div className="choice-row">{children}</div>
    </fieldset>
  );
}

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className="choice">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChange} />
      <span>{children}</span>
    </label>
  );
}
