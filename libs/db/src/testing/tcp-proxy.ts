import net from 'node:net';

/**
 * A TCP proxy between a client (the API) and a server (PostgreSQL, Redis) that the test can cut (the port then refuses connections and
 * every open one is reset), turn into a black hole (connections accepted, never answered) and restore.
 */
export class DatabaseProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private mode: 'forward' | 'black hole' = 'forward';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    this.mode = 'forward';
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Nothing listens any more, and every connection through the proxy is reset. */
  async cut(): Promise<void> {
    const server = this.server!;
    this.server = null;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }

  blackHole(): void {
    this.mode = 'black hole';
    for (const socket of this.sockets) socket.resetAndDestroy();
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.once('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    // A black hole holds the connection open and forwards nothing.
    if (this.mode !== 'black hole') this.forward(client);
  }

  private forward(client: net.Socket): void {
    const upstream = net.connect(this.target);
    this.sockets.add(upstream);
    upstream.once('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  }
}
