/** Groups rows by key, in the order of `keys` (a DataLoader's batch, a parent list). */
export function groupBy<R>(keys: readonly number[], rows: readonly R[], keyOf: (row: R) => number): R[][] {
  const groups = new Map<number, R[]>(keys.map((key) => [key, []]));
  for (const row of rows) groups.get(keyOf(row))?.push(row);
  return keys.map((key) => groups.get(key) ?? []);
}
