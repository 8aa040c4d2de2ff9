import { Client } from 'pg';
import { CHANGES_CHANNEL, listenForChanges, notifyChange } from './queries/notifications';
import type { StatementRunner } from './queries/replication';

/** After the listening session is lost, how long before connecting again. */
const RECONNECT_DELAY_MS = 1_000;

export interface ChangeFeedHandlers {
  /** A payload published on the feed, by any instance (this one included). */
  onChange(payload: string): void;
  /** Listening (the first time and after each reconnection: changes may have been missed meanwhile). */
  onListening?(): void;
  /** The listening connection was lost or could not be opened; it is tried again in the background. */
  onLost?(reason: string): void;
}

/**
 * A channel every API instance shares: a payload one of them publishes reaches all that listen, itself included.
 * Each implementation is built with its ChangeFeedHandlers.
 */
export interface ChangeFeed {
  /** Resolves once listening, or once the first attempt failed (it keeps trying in the background). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Rejects when the payload could not be sent. */
  publish(payload: string): Promise<void>;
  /** Whether payloads published now are heard. */
  readonly listening: boolean;
}

/**
 * The change feed over PostgreSQL: one dedicated session LISTENing on CHANGES_CHANNEL, reconnected when it is lost,
 * and NOTIFY through `notifier` (the pool). LISTEN belongs to a session, so `listenUrl` must reach PostgreSQL
 * directly: through a transaction-pooling PgBouncer the session is shared and notifications would never arrive.
 */
export class PostgresChangeFeed implements ChangeFeed {
  private client: Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private isListening = false;

  constructor(
    private readonly listenUrl: string,
    private readonly notifier: StatementRunner,
    private readonly handlers: ChangeFeedHandlers,
  ) {}

  get listening(): boolean {
    return this.isListening;
  }

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.isListening = false;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  publish(payload: string): Promise<void> {
    return notifyChange(this.notifier, payload);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.listenUrl, application_name: 'ratings-change-feed' });
    const lost = (reason: string) => {
      // Once per session: a reset is heard as 'error', then as 'end' when the session is closed.
      if (this.client !== client) return;
      this.client = null;
      this.isListening = false;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.handlers.onLost?.(reason);
      this.timer = setTimeout(() => void this.connect(), RECONNECT_DELAY_MS);
      this.timer.unref();
    };
    client.on('error', (error) => lost(error.message));
    client.on('end', () => lost('connection closed'));
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) this.handlers.onChange(message.payload ?? '');
    });
    this.client = client;
    try {
      await client.connect();
      await listenForChanges(client);
      if (this.stopped) return void (await client.end());
      this.isListening = true;
      this.handlers.onListening?.();
    } catch (error) {
      lost((error as Error).message);
    }
  }
}
