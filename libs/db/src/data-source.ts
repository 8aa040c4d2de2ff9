import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { TypeOverrides } from 'pg';
import { DataSource, type Logger, type LoggerOptions } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { ENTITIES } from './entities';
import { DatabaseConfigError } from './errors';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';
import { ReplicaRouter } from './replicas';

/** node-postgres' own default pool size, kept for the server unless DB_POOL_SIZE says otherwise. */
export const DEFAULT_POOL_SIZE = 10;
/** Upper bound for DB_POOL_SIZE: PostgreSQL's default max_connections is 100, shared by every process. */
export const MAX_POOL_SIZE = 100;
/** Where the embedded database lives when DATA_DIR is not set (relative to the working directory). */
export const DEFAULT_DATA_DIR = './.data';
/** PGlite's scheme for a database that lives in memory only (tests). */
export const IN_MEMORY = 'memory://';
/** The PGlite files sit in this sub-folder of DATA_DIR, leaving DATA_DIR free for other data. */
const PGLITE_SUBDIR = 'pglite';
/** pg_type oid of `date` (src/include/catalog/pg_type.dat). */
const DATE_OID = 1082;
/**
 * How long to wait for a server connection (a new one, or a free one from the pool) before failing: a healthy
 * server answers in milliseconds, and an unreachable one must fail well before clients' own timeouts (30 s and
 * more) rather than leave requests hanging on the operating system's TCP retries (about two minutes).
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** Who holds the embedded database when the caller does not say (the lock file records it). */
const DEFAULT_APPLICATION_NAME = 'ratings';

/** Which database to open: a PostgreSQL server, or the embedded PGlite (a directory, or memory). */
export type DatabaseTarget =
  | {
      readonly engine: 'postgres';
      readonly url: string;
      readonly poolSize: number;
      /** Hot standbys for public reads (`ReplicaRouter`); absent or empty: every read on `url`. */
      readonly replicaUrls?: readonly string[];
    }
  | {
      readonly engine: 'pglite';
      /** A directory for a persistent database, or `memory://`. */
      readonly dataDir: string;
      /** Start from this data-directory dump (`PGlite.dumpDataDir()`) instead of an empty cluster. */
      readonly loadDataDir?: Blob;
    };

export interface DataSourceSettings {
  /** TypeORM logging; default errors, warnings and migrations. */
  readonly logging?: LoggerOptions;
  /** Shown in pg_stat_activity on the server, and in the embedded database's lock file. */
  readonly applicationName?: string;
  /** Where TypeORM's messages go (default: the console), e.g. the process's JSON logger. */
  readonly logger?: Logger;
  /** Called when an idle pooled connection fails (the server went away); default: a TypeORM warning. */
  readonly onPoolError?: (error: Error) => void;
}

/**
 * The one place that reads the environment:
 * - `DATABASE_URL` set → that PostgreSQL server, with `DB_POOL_SIZE` connections (default 10), and the read
 *   replicas of `DATABASE_REPLICA_URLS` (comma-separated, the same pool size each) if any;
 * - unset → the embedded PGlite, persistent under `$DATA_DIR/pglite` (`DATA_DIR` defaults to `./.data`).
 */
export function databaseTargetFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new DatabaseConfigError('DATABASE_URL', url, 'must be a postgres:// or postgresql:// URL');
    }
    const replicaUrls = (env.DATABASE_REPLICA_URLS ?? '')
      .split(',')
      .map((replica) => replica.trim())
      .filter(Boolean);
    for (const replica of replicaUrls) {
      if (!/^postgres(ql)?:\/\//.test(replica)) {
        throw new DatabaseConfigError('DATABASE_REPLICA_URLS', replica, 'must list postgres:// or postgresql:// URLs');
      }
    }
    return {
      engine: 'postgres',
      url,
      poolSize: parsePoolSize(env.DB_POOL_SIZE),
      ...(replicaUrls.length > 0 && { replicaUrls }),
    };
  }
  const dataDir = env.DATA_DIR?.trim() || DEFAULT_DATA_DIR;
  return { engine: 'pglite', dataDir: resolve(dataDir, PGLITE_SUBDIR) };
}

function parsePoolSize(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > MAX_POOL_SIZE) {
    throw new DatabaseConfigError('DB_POOL_SIZE', raw, `must be a whole number from 1 to ${MAX_POOL_SIZE}`);
  }
  return size;
}

/**
 * A TypeORM DataSource that knows which engine it runs on and owns the embedded PGlite, if any:
 * `destroy()` closes the pool, then PGlite, then releases the data directory's lock. With read replicas,
 * `replicas` routes the reads asked of a replica (`createQueryRunner('slave')`) once initialized.
 */
export class RatingsDataSource extends DataSource {
  /** The read replicas' router (null without replicas, or before `initialize()`). */
  replicas: ReplicaRouter | null = null;

  constructor(
    options: ConstructorParameters<typeof DataSource>[0],
    readonly engine: DatabaseTarget['engine'],
    /** The embedded database behind the pool (null on a server), e.g. for `dumpDataDir()`. */
    readonly pglite: PGlite | null,
    /** The embedded database's directory lock (null on a server or in memory). */
    private readonly dataDirLock: DataDirLock | null = null,
  ) {
    super(options);
  }

  override async initialize(): Promise<this> {
    await super.initialize();
    const driver = this.driver as PostgresDriver;
    if (this.engine === 'postgres' && driver.slaves.length > 0) {
      const router = new ReplicaRouter(driver.master, driver.slaves);
      driver.obtainSlaveConnection = () => router.obtainReadConnection(() => driver.obtainMasterConnection());
      router.start();
      this.replicas = router;
    }
    return this;
  }

  override async destroy(): Promise<void> {
    this.replicas?.stop();
    try {
      if (this.isInitialized) await super.destroy();
    } finally {
      try {
        if (this.pglite && !this.pglite.closed) await this.pglite.close();
      } finally {
        this.dataDirLock?.release();
      }
    }
  }
}

/**
 * Builds the data source (not yet initialized: call `initialize()`, or use `openDatabase`). Same entities,
 * migrations and naming on both engines; `synchronize` is always off — the schema comes from migrations only.
 */
export async function createDataSource(
  target: DatabaseTarget = databaseTargetFromEnv(),
  settings: DataSourceSettings = {},
): Promise<RatingsDataSource> {
  // `date` stays 'YYYY-MM-DD' text: a calendar date has no time zone, and raw queries then agree with entities.
  const types = new TypeOverrides();
  types.setTypeParser(DATE_OID, 'text', (value: string) => value);

  const common = {
    type: 'postgres' as const,
    entities: [...ENTITIES],
    migrations: [...MIGRATIONS],
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    // Extensions are created by the migrations, so the schema is the same wherever it is built.
    installExtensions: false,
    logging: settings.logging ?? (['error', 'warn', 'migration'] as LoggerOptions),
    logger: settings.logger,
    poolErrorHandler: settings.onPoolError,
  };

  if (target.engine === 'postgres') {
    const replicaUrls = target.replicaUrls ?? [];
    return new RatingsDataSource(
      {
        ...common,
        // Every query runner is the primary's unless it asks for a replica: writes, transactions, staff reads
        // and reads that must see a just-committed write. Only the public read transactions ask.
        ...(replicaUrls.length > 0
          ? {
              replication: {
                master: { url: target.url },
                slaves: replicaUrls.map((url) => ({ url })),
                defaultMode: 'master' as const,
              },
            }
          : { url: target.url }),
        poolSize: target.poolSize,
        connectTimeoutMS: CONNECT_TIMEOUT_MS,
        applicationName: settings.applicationName ?? DEFAULT_APPLICATION_NAME,
        extra: { types },
      },
      'postgres',
      null,
    );
  }

  // The contrib extensions ship as ES modules only (no CommonJS typings), hence the dynamic imports.
  const [{ unaccent }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite/contrib/unaccent'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  let lock: DataDirLock | null = null;
  if (target.dataDir !== IN_MEMORY) {
    mkdirSync(target.dataDir, { recursive: true });
    lock = lockDataDir(target.dataDir, settings.applicationName ?? DEFAULT_APPLICATION_NAME);
  }
  const pglite = new PGlite(target.dataDir, { extensions: { unaccent, pg_trgm }, loadDataDir: target.loadDataDir });
  return new RatingsDataSource(
    {
      ...common,
      extra: {
        ...createPgConfig(pglite),
        types,
        // PGlite is one backend: one connection, kept open (closing it would end the session state).
        max: 1,
        idleTimeoutMillis: 0,
      },
    },
    'pglite',
    pglite,
    lock,
  );
}

/** Creates and initializes the data source (see `createDataSource`). */
export async function openDatabase(
  target: DatabaseTarget = databaseTargetFromEnv(),
  settings: DataSourceSettings = {},
): Promise<RatingsDataSource> {
  const dataSource = await createDataSource(target, settings);
  try {
    return await dataSource.initialize();
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
}

/** Runs the pending migrations in one transaction; returns the names of those that ran (oldest first). */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const ran = await dataSource.runMigrations({ transaction: 'all' });
  return ran.map((migration) => migration.name);
}
