// Decorator metadata must exist before the entity classes are defined.
import 'reflect-metadata';

export * from './bulk';
export {
  DEFAULT_DATA_DIR,
  DEFAULT_POOL_SIZE,
  IN_MEMORY,
  MAX_POOL_SIZE,
  RatingsDataSource,
  createDataSource,
  databaseTargetFromEnv,
  migrate,
  openDatabase,
  type DataSourceSettings,
  type DatabaseTarget,
} from './data-source';
export * from './entities';
export * from './errors';
export { MIGRATIONS } from './migrations';
export { SnakeNamingStrategy } from './naming-strategy';
export * from './queries/player-search';
export * from './queries/tournament-checks';
export * from './queries/tournament-review';
