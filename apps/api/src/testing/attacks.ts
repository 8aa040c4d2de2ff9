/**
 * `{ ...F0 }` where each of `levels` fragments spreads the next one `uses` times and the last asks for
 * `__typename`: uses^(levels − 1) fields in a few hundred bytes (a "fragment bomb").
 */
export function fragmentBomb(levels: number, uses: number): string {
  const fragments = Array.from({ length: levels }, (_, level) => {
    const body = level + 1 < levels ? `...F${level + 1} `.repeat(uses) : '__typename';
    return `fragment F${level} on Query { ${body} }`;
  });
  return `{ ...F0 } ${fragments.join(' ')}`;
}
