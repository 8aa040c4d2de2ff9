import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { Max, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '@ratings/contract';
import { textProblem } from './arguments';
import { badInput } from './errors';
import { MAX_ID } from './ids';
import { isIsoDate } from './scalars';

/** The largest page any connection returns (README: "Pagination"), shared with the site. */
export { MAX_PAGE_SIZE };
export const DEFAULT_PAGE_SIZE = 20;

@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: DEFAULT_PAGE_SIZE, description: `Page size, 1 to ${MAX_PAGE_SIZE}.` })
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first: number = DEFAULT_PAGE_SIZE;

  @Field(() => String, { nullable: true, description: 'Opaque cursor: the endCursor of the previous page.' })
  after?: string | null;
}

@ObjectType({ description: 'Where a page of a connection stands (Relay): whether there is more, and its cursors.' })
export class PageInfo {
  @Field({ description: 'True when a page follows this one (ask for it with `after: endCursor`).' })
  hasNextPage!: boolean;

  @Field({
    description:
      'True when a page precedes this one: the page was asked for `after` a cursor, or from a rank past the first.',
  })
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Cursor of the first item of the page (null: empty page).' })
  startCursor!: string | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the last item of the page (null: empty page).' })
  endCursor!: string | null;
}

export interface Edge<T> {
  cursor: string;
  node: T;
}

export interface Connection<T> {
  edges: Edge<T>[];
  pageInfo: PageInfo;
  totalCount: number;
}

/** Relay connection and edge types for a node type, e.g. `PlayerConnection` / `PlayerEdge`. */
export function ConnectionType<T extends object>(nodeType: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { description: `An item of a page of ${name} items, with its cursor.` })
  class EdgeType {
    @Field({ description: 'Opaque cursor of this item: `after` it starts the next page.' })
    cursor!: string;

    @Field(() => nodeType, { description: 'The item.' })
    node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} items (a Relay connection).` })
  class ConnectionClass {
    @Field(() => [EdgeType], { description: 'The items of this page.' })
    edges!: EdgeType[];

    @Field(() => PageInfo, { description: 'Where this page stands: the cursors to page on.' })
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'Number of items across all pages.' })
    totalCount!: number;
  }
  return ConnectionClass;
}

const CURSOR_PREFIX = 'c1:';

/** PostgreSQL `integer` (ranks, ratings). */
const MIN_INTEGER = -2_147_483_648;
const MAX_INTEGER = 2_147_483_647;
/** The longest name a player can have (players.surname and given_name are varchar(100)). */
const MAX_NAME_LENGTH = 100;

/** What a field of a cursor key may hold: values the database can compare with its column. */
const CURSOR_FIELD_CHECKS = {
  id: (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID,
  integer: (value: unknown) =>
    Number.isInteger(value) && (value as number) >= MIN_INTEGER && (value as number) <= MAX_INTEGER,
  date: (value: unknown) => typeof value === 'string' && isIsoDate(value),
  name: (value: unknown) => typeof value === 'string' && value.length <= MAX_NAME_LENGTH && textProblem(value) === null,
} as const;
export type CursorField = keyof typeof CURSOR_FIELD_CHECKS;

/**
 * The check of a connection's cursor key, from the kind of each field: a key must have exactly these fields,
 * each within what its column holds, so that a crafted cursor (a huge number, February 30th, a name with a
 * NUL) is refused as BAD_USER_INPUT before it reaches a query.
 */
export function cursorKey<T extends object>(fields: Record<keyof T & string, CursorField>): (key: unknown) => key is T {
  const expected = Object.entries(fields) as [string, CursorField][];
  return (key: unknown): key is T =>
    typeof key === 'object' &&
    key !== null &&
    !Array.isArray(key) &&
    Object.keys(key).length === expected.length &&
    expected.every(([name, kind]) => CURSOR_FIELD_CHECKS[kind]((key as Record<string, unknown>)[name]));
}

/** Cursors are opaque to clients: base64url of a versioned JSON key. */
export function encodeCursor(key: unknown): string {
  return Buffer.from(CURSOR_PREFIX + JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T>(
  cursor: string | null | undefined,
  isValid: (key: unknown) => key is T,
  argument = 'after',
): T | null {
  if (cursor == null) return null;
  let text: string;
  try {
    text = Buffer.from(cursor, 'base64url').toString('utf8');
  } catch {
    throw badInput(argument, 'malformed cursor');
  }
  if (!text.startsWith(CURSOR_PREFIX)) throw badInput(argument, 'malformed cursor');
  let key: unknown;
  try {
    key = JSON.parse(text.slice(CURSOR_PREFIX.length));
  } catch {
    throw badInput(argument, 'malformed cursor');
  }
  if (!isValid(key)) throw badInput(argument, 'cursor does not belong to this list');
  return key;
}

/** A page's PageInfo from its edges: the cursors of its ends, and whether pages lie beyond them. */
export function pageInfoOf(edges: readonly Edge<unknown>[], hasNextPage: boolean, hasPreviousPage: boolean): PageInfo {
  return {
    hasNextPage,
    hasPreviousPage,
    startCursor: edges.length ? edges[0].cursor : null,
    endCursor: edges.length ? edges[edges.length - 1].cursor : null,
  };
}

/**
 * Builds a connection from rows fetched with LIMIT first + 1 (the extra row only says whether a next
 * page exists). A page asked for `after` a cursor has one before it (`hasPreviousPage`).
 */
export function toConnection<R, T>(
  rows: R[],
  first: number,
  totalCount: number,
  cursorOf: (row: R) => unknown,
  nodeOf: (row: R) => T,
  hasPreviousPage: boolean,
): Connection<T> {
  const page = rows.slice(0, first);
  const edges = page.map((row) => ({ cursor: encodeCursor(cursorOf(row)), node: nodeOf(row) }));
  return { edges, pageInfo: pageInfoOf(edges, rows.length > first, hasPreviousPage), totalCount };
}
