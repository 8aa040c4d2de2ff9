import { ParameterType } from '@/__generated__/graphql';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { parameterValueText, type ParameterValue } from '@/lib/pools.queries';
import { MAX_PARAMETER_TEXT_LENGTH, parameterFieldName } from '@/lib/system-parameters';

interface ParameterField {
  key: string;
  type: string;
  default?: unknown;
  values?: readonly string[] | null;
}

const asParameterValue = (json: unknown): ParameterValue =>
  typeof json === 'string' || typeof json === 'number' || typeof json === 'boolean' ? json : null;

/**
 * A rating system's parameters as plain fields of a GET form, each blank by default (the system's default then
 * applies, and is named in the hint): numbers as text fields, booleans and enums as pick lists.
 */
export function SystemParameterFields({
  idPrefix,
  parameters,
  values,
  invalidKey,
  locale,
  dictionary,
}: {
  idPrefix: string;
  parameters: readonly ParameterField[];
  /** What was typed, by key. */
  values: Readonly<Record<string, string>>;
  /** The field the page or the API refused, marked invalid. */
  invalidKey: string | null;
  locale: Locale;
  dictionary: Dictionary;
}) {
  const words = dictionary.systems.values;
  const names = dictionary.systems.parameters as Record<string, { name: string } | undefined>;
  const text = dictionary.whatIf;
  return (
    <fieldset className="fieldset">
      <legend>{text.parametersLegend}</legend>
      <div className="filter-grid">
        {parameters.map((parameter) => {
          const id = `${idPrefix}-${parameter.key}`;
          const defaultText = parameterValueText(asParameterValue(parameter.default), locale, words);
          const hint = fillTemplate(text.defaultHint, { value: defaultText });
          const common = {
            id,
            name: parameterFieldName(parameter.key),
            className: 'field-input',
            defaultValue: values[parameter.key] ?? '',
            'aria-describedby': `${id}-hint`,
            'aria-invalid': invalidKey === parameter.key || undefined,
          };
          const choices =
            parameter.type === ParameterType.Boolean
              ? [
                  { value: 'true', label: words.true },
                  { value: 'false', label: words.false },
                ]
              : parameter.type === ParameterType.Enum
                ? (parameter.values ?? []).map((value) => ({ value, label: value }))
                : null;
          return (
            <div key={parameter.key} className="field filter-field" data-parameter-field={parameter.key}>
              <label htmlFor={id} className="field-label">
                {names[parameter.key]?.name ?? parameter.key}
              </label>
              <span id={`${id}-hint`} className="field-hint">
                {hint}
              </span>
              {choices ? (
                <select {...common}>
                  <option value="">{fillTemplate(text.defaultOption, { value: defaultText })}</option>
                  {choices.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...common} type="text" inputMode="decimal" maxLength={MAX_PARAMETER_TEXT_LENGTH} />
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
