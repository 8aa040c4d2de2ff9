import { formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/** Whether a change, as printed with `digits` decimals, is a gain or a loss; `undefined` when it reads 0. */
export function changeKind(value: number | null, digits = 0): 'gain' | 'loss' | undefined {
  if (value === null) return undefined;
  const rounded = Number(value.toFixed(digits));
  return rounded > 0 ? 'gain' : rounded < 0 ? 'loss' : undefined;
}

/** A rating change with its sign, marked as a gain or a loss (by the sign itself, not colour alone). */
export function SignedChange({ value, locale, digits = 0 }: { value: number; locale: Locale; digits?: number }) {
  return (
    <span className={`change change--${changeKind(value, digits) ?? 'even'}`}>
      {formatSigned(value, locale, digits)}
    </span>
  );
}
