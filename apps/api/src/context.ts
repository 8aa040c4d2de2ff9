import type { DataSource, EntityManager } from 'typeorm';
import { dateIn, isVisibleTo, ReadTransaction, type Publishable } from '@ratings/core';
import type { QuotaState } from './auth/rate-limit';
import { readerOf, staffContext, type StaffWriteContext, type Viewer } from './auth/viewer';
import type { ChangeBroadcast } from './changes';
import type { ApiConfig } from './config';
import { createLoaders, type Loaders } from './loaders';
import type { Logger } from './logger';
import type { SiteTag } from './rating-list/revalidate';
import type { ApiMetrics } from './metrics';

/** What every resolver gets: where to read, the database for writes, this request's loaders, its logger and id. */
export interface ApiContext {
  /**
   * Where reads go. For public callers (anonymous, API keys) it is their request's read transaction, whose
   * statements are cut after `publicStatementTimeoutMs` (see ReadTransaction); for staff, the pool.
   */
  db: DataSource | EntityManager;
  /** The pool, for the use cases that write (they open their own transactions): staff mutations, sign-in. */
  dataSource: DataSource;
  /** The public caller's read transaction (null for staff, or when public reads have no time limit). */
  readTransaction: ReadTransaction | null;
  loaders: Loaders;
  logger: Logger;
  requestId: string;
  config: ApiConfig;
  viewer: Viewer;
  /** What absolute URLs in answers start with: PUBLIC_API_URL, else the origin the request came to. */
  publicBaseUrl: string;
  /** Today's date (YYYY-MM-DD) in the federation's time zone, once per request: which list is in force. */
  today: string;
  /** Where the request stands against its caller's quota (null: staff and exempt addresses have none). */
  quota: QuotaState | null;
  /** The staff member's write context; refuses anyone else (UNAUTHENTICATED, or FORBIDDEN for API keys). */
  staff(): StaffWriteContext;
  metrics: ApiMetrics;
  /**
   * The site's pages a mutation made stale (a publication: every public page; live ratings: the players' pages):
   * once it has run, the site is told, after the replicas have the write (`ChangeBroadcast.afterWrite`).
   */
  staleSiteTags: Set<SiteTag>;
  /** Records site pages this mutation made stale (see `staleSiteTags`). */
  siteChanged(tags: readonly SiteTag[]): void;
}

/** What the server builds once and every request's context shares. */
export interface ApiServices {
  dataSource: DataSource;
  config: ApiConfig;
  metrics: ApiMetrics;
  changes: ChangeBroadcast;
}

export function createContext(
  options: ApiServices & {
    logger: Logger;
    requestId: string;
    viewer: Viewer;
    quota?: QuotaState | null;
    /** The origin the request came to (protocol and Host, as Express reads them behind trusted proxies). */
    requestOrigin: string;
  },
): ApiContext {
  const { dataSource, config, viewer } = options;
  const readTransaction =
    viewer.kind !== 'staff' && config.publicStatementTimeoutMs > 0
      ? new ReadTransaction(dataSource, config.publicStatementTimeoutMs)
      : null;
  const db = readTransaction?.manager ?? dataSource;
  const staleSiteTags = new Set<SiteTag>();
  const today = dateIn(config.federationTimeZone);
  return {
    db,
    dataSource,
    readTransaction,
    loaders: createLoaders(db, today),
    logger: options.logger,
    requestId: options.requestId,
    config,
    viewer,
    quota: options.quota ?? null,
    publicBaseUrl: config.publicBaseUrl ?? options.requestOrigin,
    today,
    staff: () => staffContext(viewer, options.requestId),
    metrics: options.metrics,
    staleSiteTags,
    siteChanged: (tags) => tags.forEach((tag) => staleSiteTags.add(tag)),
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

/**
 * A tournament or list by id as the viewer may see it (core's isVisibleTo): null when unknown, and for a draft
 * asked for by anyone but staff, so that a hidden draft and an unknown id answer alike.
 */
export async function loadVisible<V extends Publishable>(
  loader: { load(id: number): Promise<V | null> },
  id: number,
  viewer: Viewer,
): Promise<V | null> {
  const item = await loader.load(id);
  return isVisibleTo(readerOf(viewer), item) ? item : null;
}
