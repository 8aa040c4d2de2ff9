import type { Redis } from 'ioredis';
import type { ChangeFeed, ChangeFeedHandlers } from '@ratings/core';
import { closeRedis, openRedis } from './redis';

/**
 * The change feed over Redis pub/sub (CHANGE_FEED_REDIS_URL): every instance PUBLISHes on one channel and SUBSCRIBEs
 * to it on a connection of its own (a subscribed connection may send nothing else). Redis keeps nothing for a
 * subscriber that is away, so each new subscription is `onListening`: the caller assumes it missed changes.
 */
export class RedisChangeFeed implements ChangeFeed {
  private readonly subscriber: Redis;
  private readonly publisher: Redis;
  private isListening = false;
  private stopped = false;
  /** One `onLost` per loss, not one per attempt to reconnect (ioredis tries every 0.2 to 2 s). */
  private lossReported = false;
  /** The last error of the subscriber's connection: ioredis emits it just before the connection closes. */
  private lastError: string | null = null;
  /** Settles `start()`: the first subscription made, or the first attempt failed. */
  private firstAttemptDone: (() => void) | null = null;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly handlers: ChangeFeedHandlers,
  ) {
    // Subscribed anew on every connection ('ready' below), which then counts as listening: ioredis's own
    // resubscription does not say when it is done.
    this.subscriber = openRedis(url, {
      lazyConnect: true,
      autoResubscribe: false,
      connectionName: 'ratings-change-feed',
    });
    this.subscriber.on('ready', () => void this.subscribe());
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.handlers.onChange(message);
    });
    this.subscriber.on('error', (error: Error) => (this.lastError = error.message));
    this.subscriber.on('close', () => this.lost());
    // A publication Redis cannot take at once fails, and the caller logs it: the connection's errors say no more.
    this.publisher = openRedis(url, { lazyConnect: true });
    this.publisher.on('error', () => undefined);
  }

  get listening(): boolean {
    return this.isListening;
  }

  start(): Promise<void> {
    const firstAttempt = new Promise<void>((resolve) => (this.firstAttemptDone = resolve));
    // A failed connection is heard on 'close'; ioredis keeps trying either way.
    for (const connection of [this.subscriber, this.publisher]) connection.connect().catch(() => undefined);
    return firstAttempt;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.isListening = false;
    this.settleStart();
    await Promise.all([closeRedis(this.subscriber), closeRedis(this.publisher)]);
  }

  async publish(payload: string): Promise<void> {
    await this.publisher.publish(this.channel, payload);
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      if (this.stopped) return;
      // Start over on a new connection: ioredis reconnects, and its 'ready' subscribes again.
      this.lastError = (error as Error).message;
      if (this.subscriber.status === 'ready') this.subscriber.disconnect(true);
      return;
    }
    if (this.stopped) return;
    this.isListening = true;
    this.lossReported = false;
    this.handlers.onListening?.();
    this.settleStart();
  }

  private lost(): void {
    this.isListening = false;
    const reason = this.lastError ?? 'connection closed';
    this.lastError = null;
    this.settleStart();
    if (this.stopped || this.lossReported) return;
    this.lossReported = true;
    this.handlers.onLost?.(reason);
  }

  private settleStart(): void {
    this.firstAttemptDone?.();
    this.firstAttemptDone = null;
  }
}
