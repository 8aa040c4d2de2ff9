import { databaseTargetFromEnv, openDatabase, type DatabaseTarget, type RatingsDataSource } from '@ratings/core';
import { CliError } from './command';

export interface OpenedDatabase {
  readonly dataSource: RatingsDataSource;
  /** For messages: "PostgreSQL postgres://postgres@127.0.0.1:5432/ratings" or "PGlite in /srv/ratings/pglite". */
  readonly description: string;
  close(): Promise<void>;
}

/** Opens the database a command works on: the environment's in production, a test database in tests. */
export interface DatabaseProvider {
  open(): Promise<OpenedDatabase>;
}

/** The database DATABASE_URL / DATA_DIR name (libs/db reads them), closed again when the command ends. */
export function environmentDatabase(env: NodeJS.ProcessEnv): DatabaseProvider {
  return {
    async open() {
      const target = databaseTargetFromEnv(env);
      // The CLI reports what it does itself: TypeORM's own logging stays off.
      const dataSource = await openDatabase(target, { logging: false, applicationName: 'ratings-cli' });
      return { dataSource, description: describeTarget(target), close: () => dataSource.destroy() };
    },
  };
}

/** The target in words, without the password a URL may carry. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.engine === 'pglite') return `PGlite in ${target.dataDir}`;
  const url = new URL(target.url);
  if (url.password) url.password = '***';
  return `PostgreSQL ${url.toString()}`;
}

export interface DatabaseUse {
  /** Refuse (exit 1) when migrations are pending, naming the command that applies them. Default true. */
  readonly requireSchema?: boolean;
}

/** Opens the database, runs `work`, and closes it whatever happens. */
export async function withDatabase<T>(
  provider: DatabaseProvider,
  use: DatabaseUse,
  work: (db: OpenedDatabase) => Promise<T>,
): Promise<T> {
  const db = await provider.open();
  try {
    if (use.requireSchema !== false && (await db.dataSource.showMigrations())) {
      throw new CliError(`the database schema is not up to date (${db.description}): run \`ratings migrate\` first`);
    }
    return await work(db);
  } finally {
    await db.close();
  }
}
