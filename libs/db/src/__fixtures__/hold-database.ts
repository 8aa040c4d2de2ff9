import 'reflect-metadata';
import { databaseTargetFromEnv, openDatabase } from '../data-source';

/**
 * Opens the database the environment names as program `argv[2]` and holds it, for the tests of the embedded
 * database's single-process rule (`startDatabaseHolder`). It prints "holding" once open. SIGTERM makes it
 * exit at once without closing the database, so that the lock's exit hook is what releases it.
 */
async function main(): Promise<void> {
  await openDatabase(databaseTargetFromEnv(), { logging: false, applicationName: process.argv[2] });
  process.on('SIGTERM', () => process.exit(0));
  process.stdout.write('holding\n');
  setInterval(() => undefined, 60_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
