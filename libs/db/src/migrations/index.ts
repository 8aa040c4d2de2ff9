import type { MigrationInterface } from 'typeorm';
import { InitialSchema1764522000000 } from './1764522000000-initial-schema';
import { RatingListTournaments1764540000000 } from './1764540000000-rating-list-tournaments';
import { RatingChangeIdsByDefault1764550000000 } from './1764550000000-rating-change-ids-by-default';
import { DemoSeeds1764560000000 } from './1764560000000-demo-seeds';
import { TournamentReview1764570000000 } from './1764570000000-tournament-review';
import { ListImports1764575000000 } from './1764575000000-list-imports';
import { FideReached2400InCarry1764580000000 } from './1764580000000-fide-reached-2400-in-carry';
import { LiveRatings1764590000000 } from './1764590000000-live-ratings';
import { Webhooks1764595000000 } from './1764595000000-webhooks';
import { PoolRatingsFromFile1764600000000 } from './1764600000000-pool-ratings-from-file';
import { PlayerDuplicateKey1764610000000 } from './1764610000000-player-duplicate-key';
import { ListEntriesByList1764620000000 } from './1764620000000-list-entries-by-list';
import { TournamentImportReports1764640000000 } from './1764640000000-tournament-import-reports';
import { ProfileReadFunctions1764660000000 } from './1764660000000-profile-read-functions';
import { ChangesByList1764670000000 } from './1764670000000-changes-by-list';

/** Every migration, oldest first (listed explicitly so they load the same from src and from dist). */
export const MIGRATIONS: ReadonlyArray<new () => MigrationInterface> = [
  InitialSchema1764522000000,
  RatingListTournaments1764540000000,
  RatingChangeIdsByDefault1764550000000,
  DemoSeeds1764560000000,
  TournamentReview1764570000000,
  ListImports1764575000000,
  FideReached2400InCarry1764580000000,
  LiveRatings1764590000000,
  Webhooks1764595000000,
  PoolRatingsFromFile1764600000000,
  PlayerDuplicateKey1764610000000,
  ListEntriesByList1764620000000,
  TournamentImportReports1764640000000,
  ProfileReadFunctions1764660000000,
  ChangesByList1764670000000,
];
