import { setTimeout as sleep } from 'node:timers/promises';
import {
  analyze,
  changesByOthersSince,
  DemoSeed,
  federationContent,
  lockDemoSeedsTable,
  markDemoSeedCompleted,
  removeDemoFederation,
  rowsNotCreatedBy,
  tryLockDemoSeed,
  unlockDemoSeed,
  type DemoSeedOptions,
  type RatingsDataSource,
} from '@ratings/db';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { recordAudit } from '../audit/audit.service';
import { authorize, type Permission } from '../auth/permissions';
import { conflict, notFound } from '../errors';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';

/** A demo seed writes players, tournaments, runs and lists: whoever may start or remove one needs all four. */
const DEMO_SEED_PERMISSIONS: readonly Permission[] = [
  'players:write',
  'tournaments:write',
  'ratings:run',
  'lists:publish',
];
/**
 * How long a new seed waits for the lock of one that was killed: the server releases it when it notices the
 * dead client's connection closed, which on a live network is at once, and within seconds otherwise.
 */
const DEMO_SEED_LOCK_WAIT_MS = 10_000;
const DEMO_SEED_LOCK_POLL_MS = 100;
/** Audit entity types of the changes to a federation (the staff's and API keys' own are not its data). */
const FEDERATION_ENTITY_TYPES = ['Pool', 'Player', 'Tournament', 'RatingList', 'Game'];

export type { DemoSeedOptions };

/** A seed under way: its row, and the context its writes go through (their audit events carry its tag). */
export interface DemoSeedRun {
  readonly id: number;
  readonly options: DemoSeedOptions;
  readonly startedAt: Date;
  readonly context: WriteContext;
}

/** What the federation holds. */
export interface FederationContent {
  readonly pools: readonly string[];
  readonly players: number;
  readonly tournaments: number;
  readonly ratingLists: number;
}

export type FederationState =
  | { readonly kind: 'EMPTY' }
  /** A seed that started and never finished, and what it left. */
  | {
      readonly kind: 'INTERRUPTED_DEMO_SEED';
      readonly seed: Omit<DemoSeedRun, 'context'>;
      readonly content: FederationContent;
    }
  /** A finished demo, or real data. */
  | { readonly kind: 'IN_USE'; readonly content: FederationContent };

/** The request id every write of a seed carries in the audit trail: what tells its rows from anyone else's. */
const seedTag = (id: number) => `demo-seed-${id}`;

/**
 * Holds the demo-seed lock while `work` runs (check, removal of an interrupted seed, the seed itself), so that
 * another process never takes a running seed for an interrupted one. A session lock on a connection of its
 * own, released when the process dies. PGlite needs none: its database belongs to the one process that opened it.
 */
export async function whileHoldingDemoSeedLock<T>(db: RatingsDataSource, work: () => Promise<T>): Promise<T> {
  if (db.engine === 'pglite') return work();
  const poolSize = (db.options as { poolSize?: number }).poolSize;
  if (poolSize !== undefined && poolSize < 2) {
    throw conflict(`a demo seed needs 2 or more connections (DB_POOL_SIZE is ${poolSize}): one holds its lock`);
  }
  const runner = db.createQueryRunner();
  try {
    await runner.connect();
    const deadline = Date.now() + DEMO_SEED_LOCK_WAIT_MS;
    while (!(await tryLockDemoSeed(runner.manager))) {
      if (Date.now() > deadline) throw conflict('another demo seed is running on this database: wait for it to finish');
      await sleep(DEMO_SEED_LOCK_POLL_MS);
    }
    try {
      return await work();
    } finally {
      await unlockDemoSeed(runner.manager);
    }
  } finally {
    await runner.release();
  }
}

/** Whether the federation is empty, holds an interrupted demo seed, or is in use (a finished demo or real data). */
export async function federationState(db: DataSource | EntityManager): Promise<FederationState> {
  const manager = 'manager' in db ? db.manager : db;
  const content = await federationContent(manager);
  const open = await manager
    .getRepository(DemoSeed)
    .findOne({ where: { completedAt: IsNull() }, order: { id: 'DESC' } });
  if (open) {
    return {
      kind: 'INTERRUPTED_DEMO_SEED',
      seed: { id: open.id, options: open.options, startedAt: open.startedAt },
      content,
    };
  }
  const empty = content.pools.length === 0 && content.players === 0 && content.tournaments === 0;
  return empty ? { kind: 'EMPTY' } : { kind: 'IN_USE', content };
}

/** Records a seed's start; CONFLICT unless the federation is empty. Its writes must go through `run.context`. */
export async function startDemoSeed(db: DataSource, options: DemoSeedOptions, ctx: WriteContext): Promise<DemoSeedRun> {
  for (const permission of DEMO_SEED_PERMISSIONS) authorize(ctx, permission);
  return runTransaction(db, async (manager) => {
    // Two seeds starting at once: the second waits here, then finds the first's row.
    await lockDemoSeedsTable(manager);
    const state = await federationState(manager);
    if (state.kind === 'INTERRUPTED_DEMO_SEED') {
      throw conflict(
        `demo seed ${state.seed.id}, started ${state.seed.startedAt.toISOString()}, did not finish: remove it before seeding again`,
      );
    }
    if (state.kind === 'IN_USE') {
      throw conflict(
        `a demo federation is built from nothing, and the database already has ${describeContent(state.content)}`,
      );
    }
    const repository = manager.getRepository(DemoSeed);
    const row = await repository.save(repository.create({ options, completedAt: null }));
    const context: WriteContext = { ...ctx, requestId: seedTag(row.id) };
    await recordAudit(manager, context, {
      action: 'startDemoSeed',
      entityType: 'DemoSeed',
      entityId: row.id,
      after: { options },
    });
    return { id: row.id, options, startedAt: row.startedAt, context };
  });
}

/** Marks the seed finished: from now on its federation is a demo in use, never removed. */
export async function completeDemoSeed(db: DataSource, run: DemoSeedRun): Promise<void> {
  await runTransaction(db, async (manager) => {
    if (!(await markDemoSeedCompleted(manager, run.id)))
      throw conflict(`demo seed ${run.id} is not under way: it was finished or removed`);
    await recordAudit(manager, run.context, { action: 'completeDemoSeed', entityType: 'DemoSeed', entityId: run.id });
  });
  // The seed wrote every table in bulk: without fresh statistics (PGlite has no autovacuum) the first
  // visitors' rankings are planned as if the tables were empty.
  await analyze(db);
}

/**
 * Removes what an interrupted seed wrote, in one transaction, so that a new seed can start from nothing.
 * Refused (CONFLICT, nothing removed) when anything in the federation was not written by that seed: rows
 * it did not create, or changes by anyone else since it started. Published lists are immutable; the
 * partial demo's are removed with their tables' triggers off for this transaction only (the table owner's
 * right, which the migrating user has).
 */
export async function removeInterruptedDemoSeed(
  db: DataSource,
  seedId: number,
  ctx: WriteContext,
): Promise<FederationContent> {
  for (const permission of DEMO_SEED_PERMISSIONS) authorize(ctx, permission);
  return runTransaction(db, async (manager) => {
    const seed = await manager
      .getRepository(DemoSeed)
      .findOne({ where: { id: seedId }, lock: { mode: 'pessimistic_write' } });
    if (!seed) throw notFound('demo seed', seedId);
    if (seed.completedAt !== null) throw conflict(`demo seed ${seedId} finished: its federation is in use`);
    await refuseForeignData(manager, seed);
    const content = await federationContent(manager);
    await removeDemoFederation(manager, seed.id, seedTag(seed.id));
    await recordAudit(manager, ctx, {
      action: 'removeInterruptedDemoSeed',
      entityType: 'DemoSeed',
      entityId: seed.id,
      before: { options: seed.options, startedAt: seed.startedAt.toISOString(), ...content },
    });
    return content;
  });
}

/** CONFLICT when the federation holds rows the seed did not create, or changes by others since it started. */
async function refuseForeignData(manager: EntityManager, seed: DemoSeed): Promise<void> {
  const tag = seedTag(seed.id);
  const uncreated = await rowsNotCreatedBy(manager, tag);
  const changes = await changesByOthersSince(manager, tag, seed.startedAt, FEDERATION_ENTITY_TYPES);
  const foreign = [
    ...uncreated.map((row) => `${row.n} ${row.kind} row${row.n === 1 ? '' : 's'} it did not create`),
    ...(changes.n > 0
      ? [`${changes.n} change${changes.n === 1 ? '' : 's'} by others (${changes.actors.join(', ')})`]
      : []),
  ];
  if (foreign.length > 0) {
    throw conflict(
      `the interrupted demo seed ${seed.id} is not alone in the database: ${foreign.join(' and ')}; nothing was removed`,
      { seedId: seed.id },
    );
  }
}

/** "4 pools (standard, rapid, blitz, online), 60 players, 12 tournaments and 9 rating lists", leaving out what is absent. */
export function describeContent(content: FederationContent): string {
  const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  const parts = [
    content.pools.length > 0 ? `${counted(content.pools.length, 'pool')} (${content.pools.join(', ')})` : null,
    content.players > 0 ? counted(content.players, 'player') : null,
    content.tournaments > 0 ? counted(content.tournaments, 'tournament') : null,
    content.ratingLists > 0 ? counted(content.ratingLists, 'rating list') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return 'nothing';
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
