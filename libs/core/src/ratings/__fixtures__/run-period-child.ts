import 'reflect-metadata';
import { databaseTargetFromEnv, openDatabase } from '@ratings/db';
import { systemActor } from '../../common/actor';
import { runRatingPeriod } from '../run-rating-period';

/** A rating run in its own process, for the test that kills it half-way (run-kill.int.spec.ts). */
async function main(): Promise<void> {
  const [poolCode, period] = process.argv.slice(2);
  const db = await openDatabase(databaseTargetFromEnv(), { logging: false });
  process.stdout.write('running\n');
  const report = await runRatingPeriod(db, { poolCode, period }, systemActor('kill-test'));
  process.stdout.write(`finished ${report.listId}\n`);
  await db.destroy();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
