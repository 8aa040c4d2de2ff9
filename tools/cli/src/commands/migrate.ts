import { migrate } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';

export const migrateCommand = defineCommand({
  name: 'migrate',
  summary: 'apply the pending database migrations and say which ran',
  description: [
    'Brings the database schema up to date by running the migrations it has not had yet, in one transaction:',
    'all of them land, or none. Run it once on a new database and after every upgrade; the other commands',
    'refuse to work on a schema that is behind.',
  ],
  positionals: [],
  options: {},
  examples: ['ratings migrate', 'DATABASE_URL=postgres://ratings@db.example.org/ratings ratings migrate'],
  async run(_args, ctx) {
    await withDatabase(ctx.database, { requireSchema: false }, async (db) => {
      const applied = await migrate(db.dataSource);
      const lines =
        applied.length === 0
          ? [`The schema of ${db.description} is up to date: no migration to apply.`]
          : [
              `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} to ${db.description}:`,
              ...applied.map((name) => `  ${name}`),
            ];
      ctx.io.stdout.write(`${lines.join('\n')}\n`);
    });
  },
});
