import 'reflect-metadata';
import { createStaffUser, systemActor } from '@ratings/core';
import { createTestDatabase } from '@ratings/core/testing';
import { readApiConfig } from '../config';
import { createLogger } from '../logger';
import { createApiServer } from '../server';
import { buildSmallFederation } from './federation-fixture';

/**
 * The staff accounts of the fixture, for the staff console's browser tests (the site's `e2e/support/staff.ts`
 * signs in with them). Test credentials of a throwaway in-memory database, never of a real deployment.
 */
const FIXTURE_STAFF = [
  { email: 'officer@fixture.example', displayName: 'Rating officer', role: 'RATING_OFFICER' },
  { email: 'admin@fixture.example', displayName: 'Administrator', role: 'ADMIN' },
  { email: 'arbiter@fixture.example', displayName: 'Tournament arbiter', role: 'ARBITER' },
] as const;
const FIXTURE_STAFF_PASSWORD = 'fixture staff passphrase';

/**
 * The API on an in-memory database holding the small test federation, for the site's browser tests
 * before a demo database exists: `node dist/testing/serve-fixture.js [port]` prints the GraphQL URL.
 * With `WEB_REVALIDATE_URL` and `REVALIDATE_SECRET` set, a publication refreshes that site's pages, as in production.
 */
async function main(): Promise<void> {
  const port = Number(process.argv[2] ?? 0);
  const database = await createTestDatabase({ engine: 'pglite' });
  await buildSmallFederation(database.dataSource);
  for (const staff of FIXTURE_STAFF) {
    await createStaffUser(database.dataSource, { ...staff, password: FIXTURE_STAFF_PASSWORD }, systemActor('fixture'));
  }
  const { WEB_REVALIDATE_URL, REVALIDATE_SECRET } = process.env;
  const server = await createApiServer({
    dataSource: database.dataSource,
    logger: createLogger('warn'),
    config: { ...readApiConfig({ WEB_REVALIDATE_URL, REVALIDATE_SECRET }), host: '127.0.0.1' },
  });
  const url = await server.listen(port, '127.0.0.1');
  process.stdout.write(`${url}\n`);
  const stop = async () => {
    await server.stop();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main();
