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
export * from './replicas';
export * from './queries/replication';
export * from './queries/notifications';
export * from './change-feed';
export * from './entities';
export * from './errors';
export { MIGRATIONS } from './migrations';
export { SnakeNamingStrategy } from './naming-strategy';
export * from './queries/player-search';
export type { Queryable } from './queries/statement';
export * from './queries/keyset';
export * from './queries/rankings';
export * from './queries/lists';
export * from './queries/histories';
export * from './queries/tournaments';
export * from './queries/runs';
export * from './queries/locks';
export * from './queries/players';
export * from './queries/staff-users';
export * from './queries/api-keys';
export * from './queries/demo-seeds';
export * from './queries/exports';
export { ReadTransaction } from './read-transaction';
export * from './queries/health';
export * from './queries/statistics';
export * from './queries/audit';
export * from './queries/periods';
export * from './queries/list-imports';
export * from './queries/list-partitions';
export * from './queries/tournament-checks';
export * from './queries/tournament-review';
export * from './queries/list-review';
export * from './queries/live-ratings';
export * from './queries/webhooks';
export * from './queries/starting-lists';
