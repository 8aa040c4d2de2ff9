/**
 * Where a keyset page starts: after a key, reading on in the list's order, or before one, reading back towards
 * its start. A null key is the list's first page (`after`) or its last (`before`).
 */
export type PagePosition<K> = { readonly after: K | null } | { readonly before: K | null };

/** The key a page starts from and whether it is read backward (its query then runs in the reverse order). */
export function keysetOf<K>(position: PagePosition<K>): { key: K | null; backward: boolean } {
  return 'before' in position ? { key: position.before, backward: true } : { key: position.after, backward: false };
}

/** The SQL direction of an ordering column for a page: the list's own, or its reverse when reading backward. */
export function orderFor(direction: 'ASC' | 'DESC', backward: boolean): 'ASC' | 'DESC' {
  return backward === (direction === 'ASC') ? 'DESC' : 'ASC';
}

/** A page read backward comes out of its query last row first: in the list's order again. */
export function inListOrder<R>(rows: R[], backward: boolean): R[] {
  return backward ? rows.reverse() : rows;
}
