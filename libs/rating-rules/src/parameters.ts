import { fail, type RatingRuleErrorCode } from './errors';

export type ParameterValue = number | boolean | string | null;
export type ParameterValues = Readonly<Record<string, ParameterValue>>;

/** One parameter of a rating system, described for the API (`ratingSystems` lists these) and validated from JSON. */
export interface ParameterDescriptor {
  readonly key: string;
  readonly type: 'number' | 'integer' | 'boolean' | 'enum';
  readonly default: ParameterValue;
  readonly description: string;
  /** Where the default comes from: a rulebook section, a source document of docs/rating-rules.md, a paper, or "[DECISION] rating rules §n". */
  readonly source: string;
  readonly min?: number;
  /** True when `min` itself is not allowed (e.g. K > 0). */
  readonly exclusiveMin?: boolean;
  readonly max?: number;
  /** Allowed values of an enum. */
  readonly values?: readonly string[];
  /** True when null is a meaningful value (it is then described in `description`). */
  readonly nullable?: boolean;
  /** Error code for a bad value (default INVALID_PARAMETER; K-factors use INVALID_K). */
  readonly errorCode?: RatingRuleErrorCode;
}

/** The defaults of a parameter list, as the plain object a pool stores. */
export function defaultsOf<P extends ParameterValues>(descriptors: readonly ParameterDescriptor[]): P {
  return Object.freeze(Object.fromEntries(descriptors.map((d) => [d.key, d.default]))) as P;
}

function checkValue(descriptor: ParameterDescriptor, value: unknown, field: string): void {
  const code = descriptor.errorCode ?? 'INVALID_PARAMETER';
  if (value === null) {
    if (!descriptor.nullable) fail(code, field, 'must not be null', value);
    return;
  }
  switch (descriptor.type) {
    case 'boolean':
      if (typeof value !== 'boolean') fail(code, field, 'must be a boolean', value);
      return;
    case 'enum':
      if (!descriptor.values?.includes(value as string)) {
        fail(code, field, `must be one of ${descriptor.values?.join(', ')}`, value);
      }
      return;
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) fail(code, field, 'must be a finite number', value);
      if (descriptor.type === 'integer' && !Number.isInteger(value)) fail(code, field, 'must be an integer', value);
      const { min, max, exclusiveMin } = descriptor;
      if (min !== undefined && (exclusiveMin ? value <= min : value < min)) {
        fail(code, field, `must be ${exclusiveMin ? '>' : '≥'} ${min}`, value);
      }
      if (max !== undefined && value > max) fail(code, field, `must be ≤ ${max}`, value);
    }
  }
}

/**
 * Validates a system's parameters as a pool stores them (plain JSON; missing keys take the defaults)
 * and returns the merged, frozen set. Unknown key, wrong type or out of range → INVALID_PARAMETER
 * naming `params.<key>`.
 */
export function resolveParameters<P extends ParameterValues>(
  descriptors: readonly ParameterDescriptor[],
  raw: unknown,
  systemId: string,
): P {
  if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) {
    fail('INVALID_PARAMETER', 'params', `must be an object of ${systemId} parameters`, raw);
  }
  const given = (raw ?? {}) as Record<string, unknown>;
  const byKey = new Map(descriptors.map((d) => [d.key, d]));
  for (const key of Object.keys(given)) {
    if (!byKey.has(key)) {
      fail(
        'INVALID_PARAMETER',
        `params.${key}`,
        `is not a parameter of ${systemId} (known: ${[...byKey.keys()].join(', ')})`,
        given[key],
      );
    }
  }
  const merged: Record<string, ParameterValue> = {};
  for (const descriptor of descriptors) {
    const value = Object.prototype.hasOwnProperty.call(given, descriptor.key)
      ? given[descriptor.key]
      : descriptor.default;
    checkValue(descriptor, value, `params.${descriptor.key}`);
    merged[descriptor.key] = value as ParameterValue;
  }
  return Object.freeze(merged) as P;
}
