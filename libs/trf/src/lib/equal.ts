/** Structural equality of plain data (what the reader produces: objects, arrays, strings, numbers, booleans, null). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(aRecord), ...Object.keys(bRecord)]);
  for (const key of keys) if (!deepEqual(aRecord[key], bRecord[key])) return false;
  return true;
}

/** Equal in everything but where they were read from. */
export function sameExceptSource<T extends object>(a: T, b: T): boolean {
  const { source: _a, ...aFields } = a as T & { source?: unknown };
  const { source: _b, ...bFields } = b as T & { source?: unknown };
  return deepEqual(aFields, bFields);
}
