import { Client } from 'pg';
import { CHANGES_CHANNEL, listenForChanges } from './queries/notifications';

/** After the listening session is lost, how long before connecting again. */
const RECONNECT_DELAY_MS = 1_000;

export interface ChangeFeedHandlers {
  /** A notification on CHANGES_CHANNEL, from any session of the database (this process's included). */
  onChange(payload: string): void;
  /** The session is listening (first time and after each reconnection: changes may have been missed). */
  onListening?(): void;
  /** The session was lost or could not connect; it is tried again every second. */
  onLost?(reason: string): void;
}

/**
 * One dedicated session LISTENing on CHANGES_CHANNEL, reconnected when it is lost. LISTEN belongs to a session,
 * so `url` must reach PostgreSQL directly: through a transaction-pooling PgBouncer the session is shared and
 * notifications would never arrive.
 */
export class ChangeFeed {
  private client: Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly handlers: ChangeFeedHandlers,
  ) {}

  /** Resolves once listening, or once the first attempt failed (it keeps trying in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.url, application_name: 'ratings-change-feed' });
    const lost = (reason: string) => {
      if (this.client !== client && this.client !== null) return;
      this.client = null;
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
      this.handlers.onListening?.();
    } catch (error) {
      lost((error as Error).message);
    }
  }
}
