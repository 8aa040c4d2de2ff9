import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import { from as copyFrom } from 'pg-copy-streams';
import { BulkInsertError } from './errors';

type ColumnMetadata = EntityMetadata['columns'][number];

/**
 * Rows per INSERT statement. Each statement sends one array literal per column; 10 000 rows keeps a statement
 * well under a megabyte per column while amortising the round trip (see README: measured throughput).
 */
export const DEFAULT_BULK_CHUNK_SIZE = 10_000;

/**
 * One column's values, row i at index i. Numbers may come as typed arrays straight from the rating engine;
 * `NaN` and `null`/`undefined` all mean SQL NULL (the engine's columnar form uses NaN for "none").
 * Booleans may be given as 0/1 (`Uint8Array`).
 */
export type ColumnValues =
  ArrayLike<number | string | boolean | Date | object | null | undefined> | Int32Array | Float64Array | Uint8Array;

export type BulkColumns<E> = { readonly [K in keyof E & string]?: ColumnValues };

export interface InsertColumnsOptions<E> {
  readonly chunkSize?: number;
  /** Columns to read back from the inserted rows (any order: include a natural key to match them up). */
  readonly returning?: ReadonlyArray<keyof E & string>;
  /** A table of the entity's shape to write into instead of the entity's own (a list's partition being loaded). */
  readonly into?: string;
}

export interface InsertColumnsResult<E> {
  readonly inserted: number;
  /** The `returning` columns of every inserted row, keyed by property name (empty without `returning`). */
  readonly rows: Partial<E>[];
}

/** How each PostgreSQL array element type is written into an array literal. */
type ElementType = 'int2' | 'int4' | 'float8' | 'bool' | 'text' | 'date' | 'timestamptz' | 'jsonb';

/** Column types as the Postgres driver normalises them (`driver.normalizeType`) → unnest array element type. */
const ELEMENT_TYPES: Readonly<Record<string, ElementType>> = {
  smallint: 'int2',
  integer: 'int4',
  'double precision': 'float8',
  boolean: 'bool',
  'character varying': 'text',
  character: 'text',
  text: 'text',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  jsonb: 'jsonb',
};

const INT_RANGE: Readonly<Record<'int2' | 'int4', readonly [number, number]>> = {
  int2: [-32_768, 32_767],
  int4: [-2_147_483_648, 2_147_483_647],
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface PreparedColumn {
  readonly property: string;
  readonly databaseName: string;
  readonly elementType: ElementType;
  readonly values: ColumnValues;
}

/**
 * Inserts rows given column by column, set-based: one `INSERT … SELECT * FROM unnest($1::int4[], $2::float8[] …)`
 * per chunk, never one statement per row. Columns are the entity's property names; their SQL types come from the
 * entity metadata. Runs in the manager's transaction, or opens one so that all chunks land or none do. Works the
 * same on a PostgreSQL server and on PGlite.
 */
export async function insertColumns<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  columns: BulkColumns<E>,
  options: InsertColumnsOptions<E> = {},
): Promise<InsertColumnsResult<E>> {
  const { metadata, table, prepared, rowCount } = prepareColumns(manager, entity, columns, options.into);
  const chunkSize = options.chunkSize ?? DEFAULT_BULK_CHUNK_SIZE;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) {
    throw new BulkInsertError(table, null, `chunkSize must be a whole number ≥ 1 (got ${chunkSize})`);
  }
  const returning = (options.returning ?? []).map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new BulkInsertError(table, property, `is not a column of ${metadata.name}`);
    return `${quote(column.databaseName)} AS ${quote(property)}`;
  });

  const sql =
    `INSERT INTO ${quote(table)} (${prepared.map((column) => quote(column.databaseName)).join(', ')}) ` +
    `SELECT * FROM unnest(${prepared.map((column, i) => `$${i + 1}::${column.elementType}[]`).join(', ')})` +
    (returning.length > 0 ? ` RETURNING ${returning.join(', ')}` : '');

  const write = async (transactional: EntityManager): Promise<InsertColumnsResult<E>> => {
    const runner = transactional.queryRunner;
    if (!runner) throw new BulkInsertError(table, null, 'needs a transactional entity manager');
    let inserted = 0;
    const rows: Partial<E>[] = [];
    for (let start = 0; start < rowCount; start += chunkSize) {
      const end = Math.min(start + chunkSize, rowCount);
      const parameters = prepared.map((column) => arrayLiteral(table, column, start, end));
      const result = await runner.query(sql, parameters, true);
      inserted += result.affected ?? end - start;
      if (returning.length > 0) rows.push(...(result.records as Partial<E>[]));
    }
    return { inserted, rows };
  };
  return manager.queryRunner?.isTransactionActive ? write(manager) : manager.transaction(write);
}

/** Resolves the given properties to their columns and checks every column has the same number of rows. */
function prepareColumns<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  columns: BulkColumns<E>,
  into: string | undefined,
) {
  const metadata = manager.connection.getMetadata(entity);
  const table = into ?? metadata.tableName;
  const prepared = Object.entries(columns as Record<string, ColumnValues | undefined>)
    .filter((entry): entry is [string, ColumnValues] => entry[1] !== undefined)
    .map(([property, values]) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new BulkInsertError(table, property, 'is not a column of this entity');
      return prepareColumn(table, column, manager.connection.driver.normalizeType(column), property, values);
    });
  if (prepared.length === 0) throw new BulkInsertError(table, null, 'no columns given');
  const rowCount = prepared[0].values.length;
  for (const column of prepared) {
    if (column.values.length !== rowCount) {
      throw new BulkInsertError(
        table,
        column.property,
        `has ${column.values.length} values but ${prepared[0].property} has ${rowCount}`,
      );
    }
  }
  return { metadata, table, prepared, rowCount };
}

function prepareColumn(
  table: string,
  column: ColumnMetadata,
  sqlType: string,
  property: string,
  values: ColumnValues,
): PreparedColumn {
  // An identity GENERATED BY DEFAULT accepts given values (ids reserved with nextval); ALWAYS does not.
  const givenIdentityAllowed =
    (column.generationStrategy as string) === 'identity' && column.generatedIdentity === 'BY DEFAULT';
  if ((column.generationStrategy !== undefined && !givenIdentityAllowed) || column.generatedType !== undefined) {
    throw new BulkInsertError(table, property, 'is generated by the database and cannot be inserted');
  }
  if (column.isArray) throw new BulkInsertError(table, property, 'is an array column, which unnest cannot fill');
  const elementType = ELEMENT_TYPES[sqlType];
  if (!elementType) throw new BulkInsertError(table, property, `has type ${sqlType}, not supported here`);
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') {
    throw new BulkInsertError(table, property, 'values must be an array or a typed array');
  }
  return { property, databaseName: column.databaseName, elementType, values };
}

/** Encodes values[start, end) as a PostgreSQL array literal ('{1,2,NULL}'), validating each value. */
function arrayLiteral(table: string, column: PreparedColumn, start: number, end: number): string {
  const { values, elementType } = column;
  const canonical = canonicalEncoder(table, column);
  const parts = new Array<string>(end - start);
  for (let i = start; i < end; i++) {
    const value = values[i];
    parts[i - start] = isNull(value) ? 'NULL' : arrayElement(elementType, canonical(value, i));
  }
  return `{${parts.join(',')}}`;
}

function isNull(value: unknown): value is null | undefined {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value));
}

/** Types whose text form must be quoted inside an array literal. */
const QUOTED_TYPES: ReadonlySet<ElementType> = new Set(['text', 'timestamptz', 'jsonb']);

function arrayElement(type: ElementType, text: string): string {
  return QUOTED_TYPES.has(type) ? quoteElement(text) : text;
}

/**
 * The column's check and PostgreSQL text form (unquoted) of a non-null value, chosen once per column rather than per
 * value: the encoding runs for every value of a million-row COPY.
 */
function canonicalEncoder(table: string, column: PreparedColumn): (value: unknown, row: number) => string {
  const reject = (value: unknown, row: number, expected: string): never => {
    throw new BulkInsertError(table, column.property, `row ${row}: expected ${expected}, got ${JSON.stringify(value)}`);
  };
  switch (column.elementType) {
    case 'int2':
    case 'int4': {
      const [min, max] = INT_RANGE[column.elementType];
      return (value, row) =>
        typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
          ? String(value)
          : reject(value, row, `an integer from ${min} to ${max}`);
    }
    case 'float8':
      return (value, row) =>
        typeof value === 'number' && Number.isFinite(value) ? String(value) : reject(value, row, 'a finite number');
    case 'bool':
      return (value, row) =>
        value === true || value === 1
          ? 't'
          : value === false || value === 0
            ? 'f'
            : reject(value, row, 'a boolean or 0/1');
    case 'text':
      return (value, row) => (typeof value === 'string' ? value : reject(value, row, 'a string'));
    case 'date':
      return (value, row) =>
        typeof value === 'string' && ISO_DATE.test(value) ? value : reject(value, row, "a 'YYYY-MM-DD' date");
    case 'timestamptz':
      return (value, row) =>
        value instanceof Date && !Number.isNaN(value.getTime())
          ? value.toISOString()
          : reject(value, row, 'a valid Date');
    case 'jsonb':
      return (value, row) =>
        typeof value === 'object' ? JSON.stringify(value) : reject(value, row, 'an object or array');
  }
}

/** Types whose text form can hold a character COPY's text format escapes (numbers, booleans and dates cannot). */
const COPY_ESCAPED_TYPES: ReadonlySet<ElementType> = new Set(['text', 'jsonb']);

/** A column's COPY text for a non-null value: its canonical form, escaped where it can need it. */
function copyEncoder(table: string, column: PreparedColumn): (value: unknown, row: number) => string {
  const canonical = canonicalEncoder(table, column);
  return COPY_ESCAPED_TYPES.has(column.elementType) ? (value, row) => copyEscape(canonical(value, row)) : canonical;
}

/** Rows of COPY text buffered before a write to the server (a few hundred KB). */
const COPY_ROWS_PER_WRITE = 2_000;

/**
 * Like insertColumns, but through `COPY … FROM STDIN` on a PostgreSQL server: the fastest way into a table, for
 * the rating run's hundreds of thousands of rows. Same validation and NULL rules. On PGlite (no COPY from a client
 * stream) it falls back to insertColumns. Needs the manager of an open transaction.
 */
export async function copyColumns<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  columns: BulkColumns<E>,
  options: Pick<InsertColumnsOptions<E>, 'into'> = {},
): Promise<number> {
  const copy = columnCopy(manager, entity, options);
  await copy.write(columns);
  return copy.end();
}

/** One COPY fed batch by batch (see columnCopy). */
export interface ColumnCopy<E> {
  /** Sends a batch (the same columns every time); resolves when the connection can take the next one. */
  write(columns: BulkColumns<E>): Promise<void>;
  /** Ends the COPY once every batch is sent; resolves with the rows written, when the server has stored them. */
  end(): Promise<number>;
  /** Gives up a COPY in progress (the server gets CopyFail), so the connection is usable again to roll back. */
  abort(cause: Error): Promise<void>;
}

/**
 * A COPY that takes its rows in batches, for a file read as it streams in: one statement for the whole load, so
 * the server stores rows while the caller prepares the next batch, with no round trip between batches. The
 * statement starts with the first batch, which names the columns; every batch names the same. On PGlite each
 * batch is one insertColumns. A failed batch aborts the COPY and throws; the caller's transaction is then to be
 * rolled back.
 */
export function columnCopy<E extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  options: Pick<InsertColumnsOptions<E>, 'into'> = {},
): ColumnCopy<E> {
  let rows = 0;
  let names: string | null = null;
  let copy: { stream: NodeJS.WritableStream; done: Promise<void> } | null = null;
  const server = (manager.connection as { engine?: string }).engine === 'postgres';
  const open = async (table: string, columnList: string) => {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive)
      throw new BulkInsertError(table, null, 'a COPY needs the manager of an open transaction');
    const client = (await runner.connect()) as { query(stream: unknown): NodeJS.WritableStream };
    const stream = client.query(copyFrom(`COPY ${quote(table)} (${columnList}) FROM STDIN`));
    const done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    // A failure shows at the next write or at end; until then nobody awaits it.
    done.catch(() => undefined);
    return { stream, done };
  };
  const send = async (table: string, columnList: string, prepared: readonly PreparedColumn[], rowCount: number) => {
    const { stream, done } = (copy ??= await open(table, columnList));
    const values = prepared.map((column) => column.values);
    const encoders = prepared.map((column) => copyEncoder(table, column));
    for (let start = 0; start < rowCount; start += COPY_ROWS_PER_WRITE) {
      const end = Math.min(start + COPY_ROWS_PER_WRITE, rowCount);
      let text = '';
      for (let row = start; row < end; row++) {
        for (let c = 0; c < values.length; c++) {
          const value = values[c][row];
          if (c > 0) text += '\t';
          text += isNull(value) ? '\\N' : encoders[c](value, row);
        }
        text += '\n';
      }
      // Waits for the socket to drain, or for the server's refusal.
      if (!stream.write(text)) await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
    }
  };
  const abort = async (cause: Error) => {
    if (copy === null) return;
    (copy.stream as unknown as { destroy(error: Error): void }).destroy(cause);
    await copy.done.catch(() => undefined);
  };
  return {
    async write(columns) {
      try {
        const { table, prepared, rowCount } = prepareColumns(manager, entity, columns, options.into);
        const given = prepared.map((c) => quote(c.databaseName)).join(', ');
        names ??= given;
        if (given !== names)
          throw new BulkInsertError(table, null, `every batch of one COPY names the same columns (${names})`);
        if (rowCount === 0) return;
        if (server) await send(table, names, prepared, rowCount);
        else await insertColumns(manager, entity, columns, options);
        rows += rowCount;
      } catch (error) {
        // Abort the COPY (the server gets CopyFail) so the connection is usable again, then report the first cause.
        await abort(error as Error);
        throw error;
      }
    },
    async end() {
      if (copy !== null) {
        copy.stream.end();
        await copy.done;
      }
      return rows;
    },
    abort,
  };
}

/** COPY text format (docs: "COPY … Text Format"): backslash, tab, newline and carriage return are escaped. */
function copyEscape(text: string): string {
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (char) => COPY_ESCAPES[char]) : text;
}
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Array literal element quoting (docs: "Array Value Input"): backslash-escape `\` and `"`, wrap in quotes. */
function quoteElement(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}
