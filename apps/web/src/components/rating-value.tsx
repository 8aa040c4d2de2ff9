import type { Dictionary } from '@/i18n/dictionary';

/**
 * A rating as lists print it (`~1543` while provisional). A provisional one explains itself: the
 * browser's tooltip on hover, a bubble on keyboard focus, and the words for screen readers.
 */
export function RatingValue({
  display,
  provisional,
  text,
}: {
  display: string;
  provisional: boolean;
  text: Dictionary['common']['provisional'];
}) {
  if (!provisional) return <>{display}</>;
  return (
    <abbr
      className="provisional-rating"
      title={text.tooltip}
      data-tooltip={text.tooltip}
      tabIndex={0}
      data-provisional="true"
    >
      {display}
      <span className="visually-hidden"> ({text.short})</span>
    </abbr>
  );
}
