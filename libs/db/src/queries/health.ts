import type { Queryable } from './statement';

/** One round trip to the database. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
