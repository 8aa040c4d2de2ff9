/**
 * Applies pending migrations to the database the environment selects (DATABASE_URL, else PGlite in DATA_DIR):
 *   node libs/db/dist/cli/migrate.js
 * The deployment runs it as an explicit step before starting the API (never `migrationsRun` at boot).
 */
import { migrate, openDatabase } from '../data-source';

async function main(): Promise<void> {
  const dataSource = await openDatabase();
  try {
    const applied = await migrate(dataSource);
    console.log(applied.length > 0 ? `applied ${applied.join(', ')}` : 'schema already up to date');
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
