import { randomUUID } from 'node:crypto';
import { PostgresChangeFeed, type ChangeFeed, type ChangeFeedHandlers, type RatingsDataSource } from '@ratings/core';
import type { ApiConfig } from './config';
import type { Logger } from './logger';
import type { ApiMetrics } from './metrics';
import { notifySite, type SiteTag } from './rating-list/revalidate';
import { RedisChangeFeed } from './redis-change-feed';
import type { ResponseCache } from './response-cache';

/** What one instance tells the others after a write: who wrote, and the primary's WAL position after it. */
interface ChangeMessage {
  readonly instance: string;
  /** A decimal byte offset; absent without read replicas. */
  readonly lsn?: string;
}

/** Which feed carries the instances' change messages, and whether this one hears them now (for /healthz). */
export interface ChangeFeedStatus {
  readonly feed: 'postgres' | 'redis';
  readonly listening: boolean;
}

/**
 * Keeps every API instance's answers in step with the database after a write made through any of them:
 *
 * 1. the writing instance empties its response cache, raises the WAL position its replica reads must have
 *    replayed (`ReplicaRouter.requirePosition`), and tells the others that position through the change feed:
 *    PostgreSQL NOTIFY, heard on a dedicated LISTEN session (`PostgresChangeFeed`), or Redis pub/sub when
 *    CHANGE_FEED_REDIS_URL is set (`RedisChangeFeed`);
 * 2. the others, hearing it, do the same two things;
 * 3. a publication is then announced to the site (its pages rebuilt) only once the replicas have replayed it,
 *    waiting at most `replicaWaitMs`; past that the announcement goes out anyway, and reads stay on the
 *    primary until the replicas catch up.
 *
 * On the embedded database there is one process, so nothing is sent.
 */
export class ChangeBroadcast {
  private readonly instance = randomUUID();
  private readonly feed: ChangeFeed | null;

  constructor(
    private readonly dataSource: RatingsDataSource,
    private readonly responseCache: ResponseCache,
    private readonly config: ApiConfig,
    private readonly logger: Logger,
    private readonly metrics: ApiMetrics,
  ) {
    this.feed = dataSource.engine === 'postgres' ? this.openFeed() : null;
  }

  start(): Promise<void> {
    return this.feed?.start() ?? Promise.resolve();
  }

  stop(): Promise<void> {
    return this.feed?.stop() ?? Promise.resolve();
  }

  /** Null on the embedded database, which has no other instance. */
  status(): ChangeFeedStatus | null {
    if (!this.feed) return null;
    return { feed: this.feed instanceof RedisChangeFeed ? 'redis' : 'postgres', listening: this.feed.listening };
  }

  /**
   * After a committed write: this instance's cache emptied, the others told; the site then told which of its pages
   * are stale (a publication's, live ratings') once the replicas have the write. Never throws: the write is committed, and the caches' TTL bounds staleness.
   */
  async afterWrite(options: { staleSiteTags: ReadonlySet<SiteTag>; logger: Logger }): Promise<void> {
    this.responseCache.clear();
    this.metrics.cacheCleared('mutation');
    const replicas = this.dataSource.replicas;
    let lsn: bigint | null = null;
    try {
      if (replicas) {
        lsn = await replicas.currentPrimaryPosition();
        replicas.requirePosition(lsn);
      }
      if (this.feed) {
        const message: ChangeMessage = { instance: this.instance, ...(lsn !== null && { lsn: String(lsn) }) };
        await this.feed.publish(JSON.stringify(message));
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'other instances not told of a change');
    }
    if (options.staleSiteTags.size === 0) return;
    if (replicas && lsn !== null) {
      const started = Date.now();
      const replayed = await replicas.waitForReplay(lsn, this.config.replicaWaitMs).catch(() => false);
      if (!replayed) {
        options.logger.warn(
          { waitedMs: Date.now() - started },
          'replicas have not replayed the write yet: public reads stay on the primary until they have',
        );
      }
    }
    void notifySite(this.config, options.logger, options.staleSiteTags);
  }

  private openFeed(): ChangeFeed | null {
    const handlers: ChangeFeedHandlers = {
      onChange: (payload) => this.received(payload),
      onListening: () => {
        // Changes made while the feed was down were not heard: what the cache holds may be stale.
        this.responseCache.clear();
        this.logger.info('listening for other instances’ changes');
      },
      onLost: (reason) => this.logger.warn({ reason }, 'change feed lost; reconnecting'),
    };
    const { changeFeedRedisUrl, changeFeedRedisChannel, changeFeedUrl } = this.config;
    if (changeFeedRedisUrl) return new RedisChangeFeed(changeFeedRedisUrl, changeFeedRedisChannel, handlers);
    return changeFeedUrl ? new PostgresChangeFeed(changeFeedUrl, this.dataSource, handlers) : null;
  }

  private received(payload: string): void {
    let message: ChangeMessage;
    try {
      message = JSON.parse(payload) as ChangeMessage;
    } catch {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'change notification not understood');
      return;
    }
    if (message.instance === this.instance) return;
    if (message.lsn && /^\d+$/.test(message.lsn)) this.dataSource.replicas?.requirePosition(BigInt(message.lsn));
    this.responseCache.clear();
    this.metrics.cacheCleared('another instance');
  }
}
