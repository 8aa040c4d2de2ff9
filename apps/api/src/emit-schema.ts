import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApiSchema } from './schema';

/** Writes apps/api/schema.graphql, the committed contract (a test fails when it is stale). */
export const SCHEMA_FILE = join(__dirname, '..', 'schema.graphql');

if (require.main === module) {
  buildApiSchema().then(({ sdl }) => {
    writeFileSync(SCHEMA_FILE, sdl);
    process.stdout.write(`Wrote ${SCHEMA_FILE}\n`);
  });
}
