import { formatSigned } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';

/** A rating change with its sign, marked as a gain or a loss (by the sign itself, not colour alone). */
export function SignedChange({ value, locale, digits = 0 }: { value: number; locale: Locale; digits?: number }) {
  const rounded = Number(value.toFixed(digits));
  const kind = rounded > 0 ? 'gain' : rounded < 0 ? 'loss' : 'even';
  return <span className={`change change--${kind}`}>{formatSigned(value, locale, digits)}</span>;
}
