import { ping } from '@ratings/db';
import type { DataSource } from 'typeorm';

/** The database as a health probe found it. */
export type DatabaseHealth =
  | {
      status: 'up';
      engine: string;
      latencyMs: number;
      /** True when migrations have not run yet (a deployment step was skipped). */
      migrationsPending: boolean;
    }
  | {
      status: 'down';
      engine: string;
      /** Why, for the operator's log only: a driver's message may name the server's address. */
      error: unknown;
    };

/** How long a health probe waits for the database before calling it down. */
const HEALTH_TIMEOUT_MS = 2_000;

/** A cheap round trip to the database, bounded in time, for GET /healthz. */
export async function checkDatabase(db: DataSource): Promise<DatabaseHealth> {
  const engine = (db as DataSource & { engine?: string }).engine ?? db.options.type;
  const started = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = (async () => {
      await ping(db);
      return db.showMigrations();
    })();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`)), HEALTH_TIMEOUT_MS);
    });
    const pending = await Promise.race([probe, timeout]);
    return {
      status: 'up',
      engine,
      latencyMs: Number(process.hrtime.bigint() - started) / 1e6,
      migrationsPending: pending,
    };
  } catch (error) {
    return { status: 'down', engine, error };
  } finally {
    clearTimeout(timer);
  }
}
