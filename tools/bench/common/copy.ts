import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/** A connection of the data source's pool of its own (for COPY streams and hand-made transactions). */
export async function rawClient(db: DataSource): Promise<PoolClient> {
  return (await (
    db.driver as unknown as { master: { connect(): Promise<PoolClient> } }
  ).master.connect()) as PoolClient;
}

/** Reads a COPY … TO STDOUT into memory (the text the server sends), returning its lines. */
export async function copyOut(client: PoolClient, sql: string): Promise<string[]> {
  const chunks: Buffer[] = [];
  await pipeline(
    client.query(copyTo(`COPY (${sql}) TO STDOUT`)),
    new Writable({ write: (chunk, _enc, done) => (chunks.push(chunk), done()) }),
  );
  const text = Buffer.concat(chunks).toString('utf8');
  return text.length ? text.slice(0, -1).split('\n') : [];
}

/** COPY … FROM STDIN of lines of COPY text. */
export async function copyIn(client: PoolClient, table: string, lines: readonly string[]): Promise<void> {
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < lines.length; i += 5_000) yield `${lines.slice(i, i + 5_000).join('\n')}\n`;
      })(),
    ),
    client.query(copyFrom(`COPY ${table} FROM STDIN`)),
  );
}
