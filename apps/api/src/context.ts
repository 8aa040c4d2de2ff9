import type { DataSource } from 'typeorm';
import { staffContext, type StaffWriteContext, type Viewer } from './auth/viewer';
import type { ApiConfig } from './config';
import { createLoaders, type Loaders } from './loaders';
import type { Logger } from './logger';

/** What every resolver gets: the database, this request's loaders, its logger and id. */
export interface ApiContext {
  db: DataSource;
  loaders: Loaders;
  logger: Logger;
  requestId: string;
  config: ApiConfig;
  viewer: Viewer;
  /** The staff member's write context; refuses anyone else (UNAUTHENTICATED, or FORBIDDEN for API keys). */
  staff(): StaffWriteContext;
}

export function createContext(options: {
  dataSource: DataSource;
  logger: Logger;
  requestId: string;
  config: ApiConfig;
  viewer: Viewer;
}): ApiContext {
  return {
    db: options.dataSource,
    loaders: createLoaders(options.dataSource),
    logger: options.logger,
    requestId: options.requestId,
    config: options.config,
    viewer: options.viewer,
    staff: () => staffContext(options.viewer, options.requestId),
  };
}

/** Loads a relation that must exist (a foreign key guarantees it); a miss is a bug, not a user error. */
export async function loadRequired<K, V>(
  loader: { load(key: K): Promise<V | null> },
  key: K,
  what: string,
): Promise<V> {
  const value = await loader.load(key);
  if (value === null) throw new Error(`${what} ${String(key)} is referenced but missing`);
  return value;
}
