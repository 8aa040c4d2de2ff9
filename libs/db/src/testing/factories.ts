import { createHash } from 'node:crypto';
import type { DataSource, DeepPartial, EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { addMonths, ratingPeriod } from '@ratings/rating-rules';
import {
  ApiKey,
  AuditEvent,
  Game,
  PLAYED_RESULTS,
  BYE_RESULTS,
  Player,
  Pool,
  RatingChange,
  RatingChangeGame,
  RatingList,
  RatingListDiff,
  RatingListEntry,
  StaffUser,
  Tournament,
  TournamentParticipant,
  type GameResult,
} from '../entities';

/**
 * Test-data factories: each inserts one row with sensible defaults, creating the rows it references when the
 * overrides do not name them, and returns the row as the database stored it (reloaded, so defaults, ids and
 * dates are the real ones). Pass a DataSource or the EntityManager of a transaction.
 */
export type Db = DataSource | EntityManager;

/** Year of the default lists and tournaments: the first list is 2026-01, each further one a month later. */
const FIRST_DEFAULT_LIST_YEAR = 2026;
/** Unusable password hash: tests that sign in set a real scrypt hash (libs/core owns hashing). */
export const UNUSABLE_PASSWORD_HASH = 'scrypt$test$unusable';

let sequence = 0;
/** A number unique within the test file (each file gets its own database, so uniqueness needs no more). */
export const nextSequence = (): number => ++sequence;

function managerOf(db: Db): EntityManager {
  return 'manager' in db ? db.manager : db;
}

async function insertAndReload<E extends ObjectLiteral>(
  db: Db,
  entity: EntityTarget<E>,
  values: NoInfer<DeepPartial<E>>,
): Promise<E> {
  const repository = managerOf(db).getRepository(entity);
  const saved = await repository.save(repository.create(values));
  return repository.findOneByOrFail(repository.metadata.getEntityIdMap(saved) as FindOptionsWhere<E>);
}

export async function makePool(db: Db, overrides: DeepPartial<Pool> = {}): Promise<Pool> {
  const n = nextSequence();
  return insertAndReload(db, Pool, {
    code: `pool-${n}`,
    name: `Pool ${n}`,
    nameFr: `Pool ${n}`,
    ratingSystemId: 'fide',
    systemParams: {},
    periodMonths: 1,
    ...overrides,
  });
}

export async function makeStaffUser(db: Db, overrides: DeepPartial<StaffUser> = {}): Promise<StaffUser> {
  const n = nextSequence();
  return insertAndReload(db, StaffUser, {
    email: `staff${n}@example.org`,
    displayName: `Staff ${n}`,
    role: 'RATING_OFFICER',
    passwordHash: UNUSABLE_PASSWORD_HASH,
    ...overrides,
  });
}

export async function makeApiKey(db: Db, overrides: DeepPartial<ApiKey> = {}): Promise<ApiKey> {
  const n = nextSequence();
  return insertAndReload(db, ApiKey, {
    name: `Client ${n}`,
    prefix: `test${n}`,
    secretSha256: createHash('sha256').update(`secret-${n}`).digest('hex'),
    quotaPerMinute: 60,
    ...overrides,
  });
}

export async function makePlayer(db: Db, overrides: DeepPartial<Player> = {}): Promise<Player> {
  const n = nextSequence();
  return insertAndReload(db, Player, {
    surname: `Player${n}`,
    givenName: 'Test',
    sex: 'M',
    federation: 'CAN',
    ...overrides,
  });
}

export async function makeTournament(db: Db, overrides: DeepPartial<Tournament> = {}): Promise<Tournament> {
  const n = nextSequence();
  const poolId = overrides.poolId ?? (await makePool(db)).id;
  return insertAndReload(db, Tournament, {
    name: `Tournament ${n}`,
    city: 'Montréal',
    federation: 'CAN',
    startDate: `${FIRST_DEFAULT_LIST_YEAR}-01-10`,
    endDate: `${FIRST_DEFAULT_LIST_YEAR}-01-12`,
    rounds: 5,
    ...overrides,
    poolId,
  });
}

export async function makeParticipant(
  db: Db,
  overrides: DeepPartial<TournamentParticipant> = {},
): Promise<TournamentParticipant> {
  const tournamentId = overrides.tournamentId ?? (await makeTournament(db)).id;
  const playerId = overrides.playerId ?? (await makePlayer(db)).id;
  return insertAndReload(db, TournamentParticipant, {
    startRank: nextSequence(),
    ...overrides,
    tournamentId,
    playerId,
  });
}

/** A played '1-0' game by default; a bye result gets no black player, and `played` follows the result. */
export async function makeGame(db: Db, overrides: DeepPartial<Game> = {}): Promise<Game> {
  const result: GameResult = overrides.result ?? '1-0';
  const isBye = (BYE_RESULTS as readonly string[]).includes(result);
  const tournamentId = overrides.tournamentId ?? (await makeTournament(db)).id;
  const whitePlayerId = overrides.whitePlayerId ?? (await makePlayer(db)).id;
  const blackPlayerId = isBye ? null : (overrides.blackPlayerId ?? (await makePlayer(db)).id);
  return insertAndReload(db, Game, {
    round: 1,
    played: (PLAYED_RESULTS as readonly string[]).includes(result),
    ...overrides,
    result,
    tournamentId,
    whitePlayerId,
    blackPlayerId,
  });
}

/**
 * A list for `period` (default: a new month each call from 2026-01) whose dates follow from it: in force on the
 * period's first day, rating the games of the month before. `status: 'PUBLISHED'` inserts a draft and publishes
 * it, as the database requires.
 */
export async function makeRatingList(db: Db, overrides: DeepPartial<RatingList> = {}): Promise<RatingList> {
  const period = overrides.period ?? defaultPeriod(nextSequence());
  const poolId = overrides.poolId ?? (await makePool(db)).id;
  const dates = periodDates(period);
  const { status, publishedAt, publishedById, ...draft } = overrides;
  const list = await insertAndReload(db, RatingList, {
    ...dates,
    ratingSystemId: 'fide',
    systemParams: {},
    ruleVersion: 'test',
    ...draft,
    period,
    poolId,
    status: 'DRAFT',
  });
  if (status !== 'PUBLISHED') return list;
  return publishRatingList(db, list.id, {
    publishedAt: (publishedAt as Date | undefined) ?? new Date(),
    publishedById: publishedById ?? null,
  });
}

/** The one update a list accepts: DRAFT → PUBLISHED (libs/core's publish use case adds the business checks). */
export async function publishRatingList(
  db: Db,
  listId: number,
  by: { publishedAt?: Date; publishedById?: number | null } = {},
): Promise<RatingList> {
  const repository = managerOf(db).getRepository(RatingList);
  await repository.update(
    { id: listId },
    { status: 'PUBLISHED', publishedAt: by.publishedAt ?? new Date(), publishedById: by.publishedById ?? null },
  );
  return repository.findOneByOrFail({ id: listId });
}

/** Pool and effective date are copied from the list, as the composite foreign key requires. */
export async function makeRatingListEntry(
  db: Db,
  overrides: DeepPartial<RatingListEntry> = {},
): Promise<RatingListEntry> {
  const list = await listOf(db, overrides.listId);
  const playerId = overrides.playerId ?? (await makePlayer(db)).id;
  return insertAndReload(db, RatingListEntry, {
    rating: 1500,
    listed: true,
    ...overrides,
    listId: list.id,
    poolId: list.poolId,
    effectiveDate: list.effectiveDate,
    playerId,
  });
}

export async function makeRatingChange(db: Db, overrides: DeepPartial<RatingChange> = {}): Promise<RatingChange> {
  const list = await listOf(db, overrides.listId);
  const playerId = overrides.playerId ?? (await makePlayer(db)).id;
  const tournamentId = overrides.tournamentId ?? (await makeTournament(db, { poolId: list.poolId })).id;
  return insertAndReload(db, RatingChange, {
    ratingBefore: 1500,
    ratingAfter: 1500,
    expected: 0,
    score: 0,
    games: 0,
    change: 0,
    ...overrides,
    listId: list.id,
    poolId: list.poolId,
    effectiveDate: list.effectiveDate,
    playerId,
    tournamentId,
  });
}

/** Defaults to a game of the change's tournament, won by the change's player with white. */
export async function makeRatingChangeGame(
  db: Db,
  overrides: DeepPartial<RatingChangeGame> = {},
): Promise<RatingChangeGame> {
  const manager = managerOf(db);
  const change = overrides.changeId
    ? await manager.getRepository(RatingChange).findOneByOrFail({ id: overrides.changeId })
    : await makeRatingChange(db);
  const game = overrides.gameId
    ? await manager.getRepository(Game).findOneByOrFail({ id: overrides.gameId })
    : await makeGame(db, { tournamentId: change.tournamentId, whitePlayerId: change.playerId });
  const opponentId = game.whitePlayerId === change.playerId ? game.blackPlayerId : game.whitePlayerId;
  return insertAndReload(db, RatingChangeGame, {
    opponentId: opponentId ?? undefined,
    opponentRatingUsed: 1500,
    score: 1,
    expected: 0.5,
    change: 10,
    ...overrides,
    changeId: change.id,
    listId: change.listId,
    gameId: game.id,
  });
}

export async function makeRatingListDiff(db: Db, overrides: DeepPartial<RatingListDiff> = {}): Promise<RatingListDiff> {
  const listId = overrides.listId ?? (await makeRatingList(db)).id;
  const playerId = overrides.playerId ?? (await makePlayer(db)).id;
  return insertAndReload(db, RatingListDiff, { oldRating: 1500, newRating: 1510, ...overrides, listId, playerId });
}

export async function makeAuditEvent(db: Db, overrides: DeepPartial<AuditEvent> = {}): Promise<AuditEvent> {
  return insertAndReload(db, AuditEvent, {
    actorLabel: 'test',
    action: 'test',
    entityType: 'Player',
    ...overrides,
  });
}

async function listOf(db: Db, listId: number | undefined): Promise<RatingList> {
  if (listId === undefined) return makeRatingList(db);
  return managerOf(db).getRepository(RatingList).findOneByOrFail({ id: listId });
}

const defaultPeriod = (n: number): string => addMonths(`${FIRST_DEFAULT_LIST_YEAR}-01`, n - 1);

/** 'YYYY-MM' → in force from its first day, rating the month before (cut-off on that month's last day). */
export function periodDates(
  period: string,
): Pick<RatingList, 'periodStart' | 'periodEnd' | 'effectiveDate' | 'cutOffDate'> {
  const { periodStart, periodEnd, effectiveDate } = ratingPeriod(period, 1);
  return { periodStart, periodEnd, effectiveDate, cutOffDate: periodEnd };
}
