export * from './errors';
export * from './health';
export * from './common/actor';
export * from './common/client-address';
export { isInFailedTransaction, isStatementTimeout } from './common/database';
export * from './auth';
export * from './audit';
export * from './players';
export * from './pools';
export * from './tournaments';
export * from './imports';
export * from './reading';
export * from './ratings';
export * from './exports';
export * from './seeding';

// The database layer's vocabulary the API and CLI need, re-exported so they depend on core alone.
export {
  GAME_RESULTS,
  WEBHOOK_EVENT_TYPES,
  PLAYER_STATUSES,
  STAFF_ROLES,
  TOURNAMENT_TYPES,
  openDatabase,
  migrate,
  databaseTargetFromEnv,
  connectionFailure,
  isPoolExhausted,
  type ConnectionFailure,
  type RatingsDataSource,
  type DatabaseTarget,
  PostgresChangeFeed,
  type ChangeFeed,
  type ChangeFeedHandlers,
  type ReplicaRouter,
  type ReplicaStatus,
  type PrimaryReadReason,
  keysetOf,
} from '@ratings/db';
export type {
  Game,
  GameResult,
  WebhookEventType,
  PagePosition,
  PeriodTournament,
  Player,
  Pool,
  RatingList,
  RatingListEntry,
  StaffRole,
  StaffUser,
  Tournament,
  TournamentParticipant,
} from '@ratings/db';
export * from './webhooks';
