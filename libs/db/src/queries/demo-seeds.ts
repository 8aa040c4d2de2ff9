import type { EntityManager } from 'typeorm';
import { dropOrphanedListPartitions, listPartitions } from './list-partitions';
import { execute } from './statement';

/** The tables a demo federation fills (everything but staff, API keys, the audit trail and the seeds). */
const FEDERATION_TABLES = [
  'pools',
  'players',
  'tournaments',
  'tournament_participants',
  'tournament_status_events',
  'games',
  'rating_lists',
  'rating_list_entries',
  'rating_changes',
  'rating_change_games',
  'rating_list_diffs',
  'rating_list_tournaments',
  'live_ratings',
] as const;
/**
 * The tables whose immutability triggers refuse to empty published lists (README, "Published lists are
 * immutable"), and the partitions of the entries, which carry the same triggers.
 */
const GUARDED_TABLES = [
  'rating_lists',
  'rating_list_entries',
  'rating_changes',
  'rating_change_games',
  'rating_list_diffs',
  'rating_list_tournaments',
] as const;

/** Two seeds starting at once: the second waits here until the first's transaction ends. */
export async function lockDemoSeedsTable(manager: EntityManager): Promise<void> {
  await manager.query('LOCK TABLE demo_seeds IN SHARE ROW EXCLUSIVE MODE');
}

/** Marks a seed under way as finished; false when it was not under way (finished or removed). */
export async function markDemoSeedCompleted(manager: EntityManager, seedId: number): Promise<boolean> {
  const { affected } = await execute(
    manager,
    'UPDATE demo_seeds SET completed_at = now() WHERE id = $1 AND completed_at IS NULL',
    [seedId],
  );
  return affected === 1;
}

export interface FederationContentRow {
  /** Pool codes, in id order. */
  pools: string[];
  players: number;
  tournaments: number;
  ratingLists: number;
}

export async function federationContent(manager: EntityManager): Promise<FederationContentRow> {
  const [row]: FederationContentRow[] = await manager.query(
    `SELECT ARRAY(SELECT code FROM pools ORDER BY id) AS pools, (SELECT count(*)::int FROM players) AS players,
            (SELECT count(*)::int FROM tournaments) AS tournaments, (SELECT count(*)::int FROM rating_lists) AS "ratingLists"`,
  );
  return row;
}

/** Pools, players, tournaments and lists no audit event of `requestId` created, counted by entity type. */
export async function rowsNotCreatedBy(
  manager: EntityManager,
  requestId: string,
): Promise<{ kind: string; n: number }[]> {
  return manager.query(
    `SELECT kind, count(*)::int AS n FROM (
       SELECT 'Pool' AS kind, id FROM pools UNION ALL SELECT 'Player', id FROM players
       UNION ALL SELECT 'Tournament', id FROM tournaments UNION ALL SELECT 'RatingList', id FROM rating_lists
     ) row
     WHERE NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.entity_type = row.kind AND a.entity_id = row.id AND a.request_id = $1)
     GROUP BY kind ORDER BY kind`,
    [requestId],
  );
}

/** Audit events on the entity types since `since` that `requestId` did not make, and who made them. */
export async function changesByOthersSince(
  manager: EntityManager,
  requestId: string,
  since: Date,
  entityTypes: readonly string[],
): Promise<{ n: number; actors: string[] }> {
  const [row]: { n: number; actors: string[] | null }[] = await manager.query(
    `SELECT count(*)::int AS n, array_agg(DISTINCT coalesce(actor_label, 'staff ' || actor_staff_id)) AS actors
       FROM audit_events WHERE at >= $2 AND request_id IS DISTINCT FROM $1 AND entity_type = ANY($3::text[])`,
    [requestId, since, entityTypes],
  );
  return { n: row.n, actors: row.actors ?? [] };
}

/**
 * Empties every federation table (ids restart, so a seed done again gets the ids a clean one would), then
 * removes the seed's audit events, the staff accounts it created and its row. Published lists are immutable: their triggers are off for
 * this transaction only (the table owner's right, which the migrating user has).
 */
export async function removeDemoFederation(manager: EntityManager, seedId: number, requestId: string): Promise<void> {
  const guarded = [...GUARDED_TABLES, ...(await listPartitions(manager))];
  for (const table of guarded) await manager.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
  await manager.query(`TRUNCATE ${FEDERATION_TABLES.join(', ')} RESTART IDENTITY`);
  for (const table of guarded) await manager.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
  // List ids restart: a seed done again writes partitions of the same names.
  await dropOrphanedListPartitions(manager);
  const created: { id: number }[] = await manager.query(
    `SELECT entity_id::int AS id FROM audit_events WHERE request_id = $1 AND action = 'createStaffUser'`,
    [requestId],
  );
  await manager.query('DELETE FROM audit_events WHERE request_id = $1', [requestId]);
  // The demo arbiter's account, unless someone has used it since (his own audit events keep it).
  await manager.query(
    'DELETE FROM staff_users s WHERE s.id = ANY($1::integer[]) AND NOT EXISTS (SELECT 1 FROM audit_events a WHERE a.actor_staff_id = s.id)',
    [created.map((row) => row.id)],
  );
  await manager.query('DELETE FROM demo_seeds WHERE id = $1', [seedId]);
}
