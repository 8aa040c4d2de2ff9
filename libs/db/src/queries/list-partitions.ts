import type { EntityManager } from 'typeorm';
import { execute, type Queryable } from './statement';

/**
 * The tables partitioned by list, in the order a list's rows are written: a change's per-game rows reference it.
 * Each list written in bulk (a run, a republication, an import, a starting list) gets a partition of its own in
 * each table it writes, loaded bare and then given its indexes and foreign keys set-based, instead of paying an
 * insertion per row in every index and a lookup per row and foreign key. Rows written one by one (tests, hand
 * edits) land in the DEFAULT partition, which stays empty in production, so attaching a new partition has nothing
 * to scan there.
 */
export const LIST_PARTITIONED_TABLES = ['rating_list_entries', 'rating_changes', 'rating_change_games'] as const;
export type ListPartitionedTable = (typeof LIST_PARTITIONED_TABLES)[number];

const defaultPartition = (table: ListPartitionedTable) => `${table}_default`;

/** The table holding one list's rows of `table` once `writeListPartition` has written them. */
export const listPartition = (table: ListPartitionedTable, listId: number): string => `${table}_${positiveId(listId)}`;

function positiveId(listId: number): number {
  if (!Number.isInteger(listId) || listId < 1) throw new Error(`a list id is a positive integer (got ${listId})`);
  return listId;
}

interface ParentDefinition {
  readonly name: string;
  readonly kind: 'constraint' | 'index' | 'trigger';
  readonly definition: string;
}

/**
 * The parent's primary key, unique constraints, indexes and immutability triggers as the catalog defines them, so
 * a partition is built exactly as the migrations made the parent (a constraint's index is made by adding the
 * constraint: ATTACH matches a parent's constraint only with a constraint). PostgreSQL clones row triggers onto
 * partitions, not statement triggers: a statement naming a partition fires only that partition's, so each
 * partition gets the parent's guards.
 */
async function parentDefinitions(manager: EntityManager, table: ListPartitionedTable): Promise<ParentDefinition[]> {
  return (
    await execute<ParentDefinition>(
      manager,
      `SELECT c.relname AS name, CASE WHEN k.oid IS NULL THEN 'index' ELSE 'constraint' END AS kind,
              coalesce(pg_get_constraintdef(k.oid), pg_get_indexdef(i.indexrelid)) AS definition
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         LEFT JOIN pg_constraint k ON k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u')
        WHERE i.indrelid = '${table}'::regclass
       UNION ALL
       SELECT tgname, 'trigger', pg_get_triggerdef(oid) FROM pg_trigger
        WHERE tgrelid = '${table}'::regclass AND NOT tgisinternal AND tgparentid = 0
        ORDER BY 2, 1`,
    )
  ).rows;
}

/** `CREATE … ON [ONLY] [schema.]<parent> …` aimed at `partition` instead, the object renamed with `suffix`. */
function onPartition(definition: ParentDefinition, parent: string, partition: string, suffix: string): string {
  const target = new RegExp(` ON (ONLY )?(\\S+\\.)?${parent} `);
  if (!target.test(definition.definition)) throw new Error(`unexpected definition of ${definition.name}`);
  const renamed =
    definition.kind === 'index'
      ? definition.definition.replace(` INDEX ${definition.name} `, ` INDEX ${definition.name}_${suffix} `)
      : definition.definition;
  return renamed.replace(target, ` ON ${partition} `);
}

/**
 * A bare table of the parent's columns, defaults and checks (so it can become a partition), plus a check that
 * every row belongs to `listId`, which proves the partition's bound to ATTACH without a scan. An identity column
 * takes its values from the parent's sequence, so rows loaded into the partition directly get ids unique across
 * the lists.
 */
async function createBareTable(
  manager: EntityManager,
  parent: ListPartitionedTable,
  partition: string,
  listId: number | null,
): Promise<void> {
  const bound = listId === null ? '' : `, CONSTRAINT ck_${partition}_list_id CHECK (list_id = ${listId})`;
  await execute(manager, `CREATE TABLE ${partition} (LIKE ${parent} INCLUDING DEFAULTS INCLUDING CONSTRAINTS${bound})`);
  const identities = await execute<{ column: string; sequence: string }>(
    manager,
    `SELECT attname AS "column", pg_get_serial_sequence('${parent}', attname) AS sequence
       FROM pg_attribute WHERE attrelid = '${parent}'::regclass AND attidentity <> ''`,
  );
  for (const { column, sequence } of identities.rows)
    await execute(
      manager,
      `ALTER TABLE ${partition} ALTER COLUMN ${column} SET DEFAULT nextval('${sequence}'::regclass)`,
    );
}

/**
 * Builds the parent's keys and indexes on a loaded table (one sort each), attaches it, which checks each
 * foreign key with one join, then adds the parent's guards.
 */
async function attachTable(
  manager: EntityManager,
  parent: ListPartitionedTable,
  partition: string,
  suffix: string,
  bound: string,
): Promise<void> {
  const definitions = await parentDefinitions(manager, parent);
  // Room to sort in for the index builds (this transaction only).
  await execute(manager, `SET LOCAL maintenance_work_mem = '256MB'`);
  for (const definition of definitions.filter((d) => d.kind !== 'trigger'))
    await execute(
      manager,
      definition.kind === 'constraint'
        ? `ALTER TABLE ${partition} ADD CONSTRAINT ${definition.name}_${suffix} ${definition.definition}`
        : onPartition(definition, parent, partition, suffix),
    );
  await execute(manager, `ALTER TABLE ${parent} ATTACH PARTITION ${partition} ${bound}`);
  for (const definition of definitions.filter((d) => d.kind === 'trigger'))
    await execute(manager, onPartition(definition, parent, partition, suffix));
}

/**
 * Writes a draft list's rows of `table` into a partition of their own, in the caller's transaction: `load` fills
 * the bare table it is given (COPY, INSERT … SELECT) with that list's rows only, then the table gets its indexes
 * and foreign keys and joins its parent. Attaching takes a lock that lets reads through but makes a second
 * writer of that table wait for this transaction's end. A published list is refused, as the guards would.
 */
export async function writeListPartition<T>(
  manager: EntityManager,
  table: ListPartitionedTable,
  listId: number,
  load: (partition: string) => Promise<T>,
): Promise<T> {
  const [list] = (
    await execute<{ status: string }>(manager, `SELECT status FROM rating_lists WHERE id = $1 FOR SHARE`, [listId])
  ).rows;
  if (!list) throw new Error(`rating list ${listId} does not exist`);
  if (list.status !== 'DRAFT') throw new Error(`rating list ${listId} is ${list.status}: its rows cannot be written`);
  return loadListPartition(manager, table, listId, load);
}

/** writeListPartition without the draft check: for the migrations that move published lists' rows unchanged. */
export async function loadListPartition<T>(
  manager: EntityManager,
  table: ListPartitionedTable,
  listId: number,
  load: (partition: string) => Promise<T>,
): Promise<T> {
  const partition = listPartition(table, listId);
  await createBareTable(manager, table, partition, listId);
  const loaded = await load(partition);
  await attachTable(manager, table, partition, String(listId), `FOR VALUES IN (${listId})`);
  return loaded;
}

/** The DEFAULT partition of `table`, for rows written outside `writeListPartition` (the partitioning migrations). */
export async function createDefaultPartition(manager: EntityManager, table: ListPartitionedTable): Promise<void> {
  await createBareTable(manager, table, defaultPartition(table), null);
  await attachTable(manager, table, defaultPartition(table), 'default', 'DEFAULT');
}

/** The partitions of the tables partitioned by list, the DEFAULT ones included. */
export async function listPartitions(db: Queryable): Promise<string[]> {
  const rows: { table: string }[] = await db.query(
    `SELECT c.relname AS "table" FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
      WHERE h.inhparent = ANY ($1::regclass[]) ORDER BY 1`,
    [LIST_PARTITIONED_TABLES],
  );
  return rows.map((row) => row.table);
}

/**
 * Drops the partitions whose list no longer exists (a replaced draft's, emptied by the cascade of its deletion),
 * in the caller's transaction, per-game rows first. A partition is detached first: PostgreSQL refuses to drop a
 * partition of `rating_changes` that the per-game rows' foreign key still names. Both lock the parent whole until
 * the transaction ends: callers do it last. Returns the tables dropped.
 */
export async function dropOrphanedListPartitions(manager: EntityManager): Promise<string[]> {
  const dropped: string[] = [];
  for (const table of [...LIST_PARTITIONED_TABLES].reverse()) {
    const orphans = (
      await execute<{ partition: string }>(
        manager,
        `SELECT c.relname AS partition
           FROM pg_inherits h JOIN pg_class c ON c.oid = h.inhrelid
          WHERE h.inhparent = '${table}'::regclass AND c.relname <> '${defaultPartition(table)}'
            AND NOT EXISTS (SELECT 1 FROM rating_lists l WHERE '${table}_' || l.id = c.relname)
          ORDER BY 1`,
      )
    ).rows.map((row) => row.partition);
    for (const partition of orphans) {
      await execute(manager, `ALTER TABLE ${table} DETACH PARTITION ${partition}`);
      await execute(manager, `DROP TABLE ${partition}`);
    }
    dropped.push(...orphans);
  }
  return dropped;
}

/**
 * Fresh planner statistics of one list's partitions (ANALYZE of a parent would sample every partition again);
 * a list imported has entries only.
 */
export async function analyzeListRows(db: Queryable, listId: number): Promise<void> {
  const rows: { partition: string }[] = await db.query(
    `SELECT relname AS partition FROM pg_class WHERE relname = ANY ($1::text[]) AND relispartition ORDER BY relname`,
    [LIST_PARTITIONED_TABLES.map((table) => listPartition(table, listId))],
  );
  if (rows.length) await db.query(`ANALYZE ${rows.map((row) => row.partition).join(', ')}`);
}
