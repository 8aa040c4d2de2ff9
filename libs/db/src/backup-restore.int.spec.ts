import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { openDatabase, type RatingsDataSource } from './data-source';
import { RatingListEntry } from './entities';
import {
  createTestDatabase,
  makePlayer,
  makePool,
  makeRatingList,
  makeRatingListEntry,
  publishRatingList,
  type TestDatabase,
} from './testing';

const run = promisify(execFile);

/** The README's backup and restore, as an operator runs them: pg_dump, pg_restore into a new database. */
(process.env.DATABASE_URL ? describe : describe.skip)(
  `a backup restored with pg_dump and pg_restore${process.env.DATABASE_URL ? '' : ' — skipped: DATABASE_URL is not set'}`,
  () => {
    let source: TestDatabase;
    let restored: RatingsDataSource | undefined;
    let folder: string;
    const restoredName = `ratings_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      source = await createTestDatabase();
      folder = await mkdtemp(join(tmpdir(), 'ratings-backup-'));
    });
    afterAll(async () => {
      await restored?.destroy();
      await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      await source?.destroy();
      await rm(folder, { recursive: true, force: true });
    });

    it('gives back the published list, entry for entry, and keeps it immutable', async () => {
      const db = source.dataSource;
      const pool = await makePool(db, { code: 'standard' });
      const list = await makeRatingList(db, { poolId: pool.id, period: '2026-11' });
      const ratings = [2105, 1987, 1650];
      for (const rating of ratings) {
        await makeRatingListEntry(db, { listId: list.id, playerId: (await makePlayer(db)).id, rating });
      }
      await publishRatingList(db, list.id);
      const sourceUrl = (db.options as { url: string }).url;
      const dump = join(folder, 'ratings.dump');
      await run('pg_dump', ['--format=custom', `--file=${dump}`, sourceUrl]);

      await admin(`CREATE DATABASE ${restoredName}`);
      const restoredUrl = new URL(sourceUrl);
      restoredUrl.pathname = `/${restoredName}`;
      await run('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);

      restored = await openDatabase(
        { engine: 'postgres', url: restoredUrl.toString(), poolSize: 1 },
        { logging: false },
      );
      expect(await restored.showMigrations()).toBe(false);
      const entries = await restored.getRepository(RatingListEntry).find({ where: { listId: list.id } });
      expect(entries.map((entry) => entry.rating ?? 0).sort((a, b) => b - a)).toEqual(ratings);
      // The immutability triggers came back with the data.
      await expect(
        restored.getRepository(RatingListEntry).update({ listId: list.id }, { rating: 1000 }),
      ).rejects.toThrow();
    });
  },
);
