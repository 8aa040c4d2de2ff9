'use client';

/**
 * A pick list's `<option>`s from `[value, label]` pairs: rendered into the HTML as usual, while the RSC payload
 * carries the pairs alone rather than an element per option (a pool's clubs are a few hundred).
 */
export function SelectOptions({ options }: { options: readonly (readonly [value: string, label: string])[] }) {
  return options.map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
