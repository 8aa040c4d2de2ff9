/**
 * The data source for the TypeORM CLI, which loads compiled JavaScript (no ts-node here), e.g. after
 * `npx tsc -p libs/db/tsconfig.lib.json`:
 *   npx typeorm migration:generate -d libs/db/dist/cli/typeorm-data-source.js libs/db/src/migrations/<kebab-name>
 *   npx typeorm migration:generate --check -d libs/db/dist/cli/typeorm-data-source.js libs/db/src/migrations/drift
 * It targets the database the environment selects, like the application.
 */
import { createDataSource } from '../data-source';

export default createDataSource();
