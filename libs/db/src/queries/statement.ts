import type { DataSource, EntityManager } from 'typeorm';

/** Where a query runs: the pool (a DataSource) or a transaction's EntityManager. */
export type Queryable = DataSource | EntityManager;

export interface StatementResult<R> {
  readonly rows: R[];
  readonly affected: number;
}

/**
 * Runs one SQL statement in the manager's transaction and returns its rows and the number of rows it
 * touched (TypeORM's `manager.query` reports the count differently per statement kind).
 */
export async function execute<R = Record<string, unknown>>(
  manager: EntityManager,
  sql: string,
  parameters: unknown[] = [],
): Promise<StatementResult<R>> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('execute() needs the entity manager of a transaction');
  const result = await runner.query(sql, parameters, true);
  return { rows: (result.records ?? []) as R[], affected: result.affected ?? 0 };
}
