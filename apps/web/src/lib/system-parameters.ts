import { ParameterType } from '@/__generated__/graphql';
import { firstParam, type SearchParams } from './search-params';

/**
 * A rating system's parameters as plain GET fields (`p_k=20`), for the what-if and simulation forms. Only
 * the keys the chosen system declares are read, each bounded in length, so no query string can make the
 * page send more than the system's own handful of values; the API checks their ranges.
 */

/** Parameter fields are prefixed so they never collide with the form's own (`system`, `pool`, `page` …). */
export const PARAMETER_FIELD_PREFIX = 'p_';
/** Longer than any number or enum value a parameter takes. */
export const MAX_PARAMETER_TEXT_LENGTH = 32;

export interface ParameterDescription {
  key: string;
  type: ParameterType;
  values?: readonly string[] | null;
}

export type ParameterInput = number | boolean | string;

export type ParametersReading =
  | { ok: true; parameters: Record<string, ParameterInput>; fields: Record<string, string> }
  /** A field whose text is no value of its type: the form says so before asking the API. */
  | { ok: false; key: string; fields: Record<string, string> };

export function parameterFieldName(key: string): string {
  return `${PARAMETER_FIELD_PREFIX}${key}`;
}

/** A decimal as typed in either language: `0,5` or `0.5`, spaces ignored. */
function parseDecimal(text: string): number | null {
  const normalized = text.replace(/\s/g, '').replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

function parseValue(parameter: ParameterDescription, text: string): ParameterInput | null {
  switch (parameter.type) {
    case ParameterType.Number:
    case ParameterType.Integer:
      return parseDecimal(text);
    case ParameterType.Boolean:
      return text === 'true' ? true : text === 'false' ? false : null;
    default:
      return (parameter.values ?? []).includes(text) ? text : null;
  }
}

/**
 * The parameters set in the query for `system`; blank fields are left to the system's defaults. `fields` is
 * what was typed, to show in the form again.
 */
export function readSystemParameters(
  system: { parameters: readonly ParameterDescription[] },
  query: SearchParams,
): ParametersReading {
  const parameters: Record<string, ParameterInput> = {};
  const fields: Record<string, string> = {};
  let invalid: string | null = null;
  for (const parameter of system.parameters) {
    const text = firstParam(query, parameterFieldName(parameter.key))?.slice(0, MAX_PARAMETER_TEXT_LENGTH);
    if (text === undefined) continue;
    fields[parameter.key] = text;
    const value = parseValue(parameter, text);
    if (value === null) invalid ??= parameter.key;
    else parameters[parameter.key] = value;
  }
  return invalid === null ? { ok: true, parameters, fields } : { ok: false, key: invalid, fields };
}

/** The fields back as query parameters, for links that keep the form (paging). */
export function parameterQuery(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, text]) => [parameterFieldName(key), text]));
}

/** The field an API refusal names: a parameter (`k`, `params.k` as the rating rules name it) or a form field (`to`). */
export function refusedField(argument: string | null): string | null {
  return argument === null ? null : argument.replace(/^(parameters|params)\./, '');
}
