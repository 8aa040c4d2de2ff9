import type { EntityManager } from 'typeorm';
import { execute, type Queryable } from './statement';

/**
 * `rating_list_entries` is partitioned by list: each list written in bulk (a run, a republication, an import, a
 * starting list) gets a partition of its own, loaded bare and then given its indexes and foreign keys set-based,
 * instead of paying an insertion per row in every index and a lookup per row and foreign key. Rows written one
 * by one (tests, hand edits) land in the DEFAULT partition, which stays empty in production, so attaching a new
 * partition has nothing to scan there.
 */
const ENTRIES = 'rating_list_entries';
const DEFAULT_PARTITION = `${ENTRIES}_default`;

/** The table holding one list's entries once `writeListEntries` has written them. */
export const listEntriesPartition = (listId: number): string => `${ENTRIES}_${positiveId(listId)}`;

function positiveId(listId: number): number {
  if (!Number.isInteger(listId) || listId < 1) throw new Error(`a list id is a positive integer (got ${listId})`);
  return listId;
}

interface ParentDefinition {
  readonly name: string;
  readonly kind: 'primary' | 'index' | 'trigger';
  readonly definition: string;
}

/**
 * The parent's primary key, indexes and immutability triggers as the catalog defines them, so a partition is
 * built exactly as the migrations made the parent. PostgreSQL clones row triggers onto partitions, not
 * statement triggers: a statement naming a partition fires only that partition's, so each partition gets the
 * parent's guards.
 */
async function parentDefinitions(manager: EntityManager): Promise<ParentDefinition[]> {
  return (
    await execute<ParentDefinition>(
      manager,
      `SELECT c.relname AS name, CASE WHEN i.indisprimary THEN 'primary' ELSE 'index' END AS kind,
              CASE WHEN i.indisprimary THEN pg_get_constraintdef(k.oid) ELSE pg_get_indexdef(i.indexrelid) END AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype = 'p'
        WHERE i.indrelid = '${ENTRIES}'::regclass
       UNION ALL
       SELECT tgname, 'trigger', pg_get_triggerdef(oid) FROM pg_trigger
        WHERE tgrelid = '${ENTRIES}'::regclass AND NOT tgisinternal AND tgparentid = 0
        ORDER BY 2, 1`,
    )
  ).rows;
}

/** `CREATE … ON [ONLY] [schema.]rating_list_entries …` aimed at `table` instead, the object renamed with `suffix`. */
function onPartition(definition: ParentDefinition, table: string, suffix: string): string {
  const target = new RegExp(` ON (ONLY )?(\\S+\\.)?${ENTRIES} `);
  if (!target.test(definition.definition)) throw new Error(`unexpected definition of ${definition.name}`);
  const renamed =
    definition.kind === 'index'
      ? definition.definition.replace(` INDEX ${definition.name} `, ` INDEX ${definition.name}_${suffix} `)
      : definition.definition;
  return renamed.replace(target, ` ON ${table} `);
}

/**
 * A bare table of the entries' columns, defaults and checks (so it can become a partition), plus a check that
 * every row belongs to `listId`, which proves the partition's bound to ATTACH without a scan.
 */
async function createBareTable(manager: EntityManager, table: string, listId: number | null): Promise<void> {
  const bound = listId === null ? '' : `, CONSTRAINT ck_${table}_list_id CHECK (list_id = ${listId})`;
  await execute(manager, `CREATE TABLE ${table} (LIKE ${ENTRIES} INCLUDING DEFAULTS INCLUDING CONSTRAINTS${bound})`);
}

/**
 * Builds the parent's primary key and indexes on a loaded table (one sort each), attaches it, which checks each
 * foreign key with one join, then adds the parent's guards.
 */
async function attachTable(manager: EntityManager, table: string, suffix: string, bound: string): Promise<void> {
  const definitions = await parentDefinitions(manager);
  // Room to sort in for the index builds (this transaction only).
  await execute(manager, `SET LOCAL maintenance_work_mem = '256MB'`);
  for (const definition of definitions.filter((d) => d.kind !== 'trigger'))
    await execute(
      manager,
      definition.kind === 'primary'
        ? `ALTER TABLE ${table} ADD CONSTRAINT ${definition.name}_${suffix} ${definition.definition}`
        : onPartition(definition, table, suffix),
    );
  await execute(manager, `ALTER TABLE ${ENTRIES} ATTACH PARTITION ${table} ${bound}`);
  for (const definition of definitions.filter((d) => d.kind === 'trigger'))
    await execute(manager, onPartition(definition, table, suffix));
}

/**
 * Writes a draft list's entries into a partition of their own, in the caller's transaction: `load` fills the
 * bare table it is given (COPY, INSERT … SELECT) with that list's rows only, then the table gets its indexes and
 * foreign keys and joins `rating_list_entries`. Attaching takes a lock that lets reads through but makes a second
 * writer of entries wait for this transaction's end. A published list is refused, as the guards would.
 */
export async function writeListEntries<T>(
  manager: EntityManager,
  listId: number,
  load: (table: string) => Promise<T>,
): Promise<T> {
  const [list] = (
    await execute<{ status: string }>(manager, `SELECT status FROM rating_lists WHERE id = $1 FOR SHARE`, [listId])
  ).rows;
  if (!list) throw new Error(`rating list ${listId} does not exist`);
  if (list.status !== 'DRAFT')
    throw new Error(`rating list ${listId} is ${list.status}: its entries cannot be written`);
  return loadListPartition(manager, listId, load);
}

/** writeListEntries without the draft check: for the migration that moves published lists' rows unchanged. */
export async function loadListPartition<T>(
  manager: EntityManager,
  listId: number,
  load: (table: string) => Promise<T>,
): Promise<T> {
  const table = listEntriesPartition(listId);
  await createBareTable(manager, table, listId);
  const loaded = await load(table);
  await attachTable(manager, table, String(listId), `FOR VALUES IN (${listId})`);
  return loaded;
}

/** The DEFAULT partition, for rows written outside `writeListEntries` (the migration that partitions creates it). */
export async function createDefaultEntriesPartition(manager: EntityManager): Promise<void> {
  await createBareTable(manager, DEFAULT_PARTITION, null);
  await attachTable(manager, DEFAULT_PARTITION, 'default', 'DEFAULT');
}

/** The partitions of `rating_list_entries`, the DEFAULT one included. */
export async function entriesPartitions(db: Queryable): Promise<string[]> {
  const rows: { table: string }[] = await db.query(
    `SELECT c.relname AS "table" FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
      WHERE h.inhparent = '${ENTRIES}'::regclass ORDER BY 1`,
  );
  return rows.map((row) => row.table);
}

/**
 * Drops the partitions whose list no longer exists (a replaced draft's, emptied by the cascade of its deletion),
 * in the caller's transaction. Dropping a partition locks `rating_list_entries` whole until the transaction ends:
 * callers do it last. Returns the tables dropped.
 */
export async function dropOrphanedEntriesPartitions(manager: EntityManager): Promise<string[]> {
  const orphans = (
    await execute<{ table: string }>(
      manager,
      `SELECT c.relname AS "table"
         FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
        WHERE h.inhparent = '${ENTRIES}'::regclass AND c.relname <> '${DEFAULT_PARTITION}'
          AND NOT EXISTS (SELECT 1 FROM rating_lists l WHERE '${ENTRIES}_' || l.id = c.relname)
        ORDER BY 1`,
    )
  ).rows.map((row) => row.table);
  for (const table of orphans) await execute(manager, `DROP TABLE ${table}`);
  return orphans;
}

/** Fresh planner statistics of one list's entries (ANALYZE of the parent would sample every partition again). */
export async function analyzeListEntries(db: Queryable, listId: number): Promise<void> {
  await db.query(`ANALYZE ${listEntriesPartition(listId)}`);
}
