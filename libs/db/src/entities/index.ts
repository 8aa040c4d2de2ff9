import { ApiKey } from './api-key.entity';
import { AuditEvent } from './audit-event.entity';
import { DemoSeed } from './demo-seed.entity';
import { Game } from './game.entity';
import { ListImportRow } from './list-import-row.entity';
import { LiveRating } from './live-rating.entity';
import { Player } from './player.entity';
import { Pool } from './pool.entity';
import { RatingChangeGame } from './rating-change-game.entity';
import { RatingChange } from './rating-change.entity';
import { RatingListDiff } from './rating-list-diff.entity';
import { RatingListEntry } from './rating-list-entry.entity';
import { RatingListTournament } from './rating-list-tournament.entity';
import { RatingList } from './rating-list.entity';
import { StaffUser } from './staff-user.entity';
import { TournamentParticipant } from './tournament-participant.entity';
import { TournamentStatusEvent } from './tournament-status-event.entity';
import { Tournament } from './tournament.entity';
import { WebhookAttempt } from './webhook-attempt.entity';
import { WebhookDelivery } from './webhook-delivery.entity';
import { Webhook } from './webhook.entity';

export * from './api-key.entity';
export * from './audit-event.entity';
export * from './demo-seed.entity';
export * from './game.entity';
export * from './list-import-row.entity';
export * from './live-rating.entity';
export * from './player.entity';
export * from './pool.entity';
export * from './rating-change-game.entity';
export * from './rating-change.entity';
export * from './rating-list-diff.entity';
export * from './rating-list-entry.entity';
export * from './rating-list-tournament.entity';
export * from './rating-list.entity';
export * from './staff-user.entity';
export * from './tournament-participant.entity';
export * from './tournament-status-event.entity';
export * from './tournament.entity';
export * from './webhook-attempt.entity';
export * from './webhook-delivery.entity';
export * from './webhook.entity';

/** Every entity of the schema, in the order the tables reference each other. */
export const ENTITIES = [
  Pool,
  StaffUser,
  ApiKey,
  Player,
  RatingList,
  Tournament,
  TournamentParticipant,
  Game,
  RatingListEntry,
  RatingChange,
  RatingChangeGame,
  RatingListDiff,
  RatingListTournament,
  AuditEvent,
  DemoSeed,
  ListImportRow,
  TournamentStatusEvent,
  LiveRating,
  Webhook,
  WebhookDelivery,
  WebhookAttempt,
] as const;
