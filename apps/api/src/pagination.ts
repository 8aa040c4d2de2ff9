import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { IsOptional, Max, Min } from 'class-validator';
import { MAX_PAGE_SIZE } from '@ratings/contract';
import { keysetOf, type PagePosition } from '@ratings/core';
import { textProblem } from './arguments';
import { badInput } from './errors';
import { MAX_ID } from './ids';
import { isIsoDate } from './scalars';

/** The largest page any connection returns (README: "Pagination"), shared with the site. */
export { MAX_PAGE_SIZE };
export const DEFAULT_PAGE_SIZE = 20;

/**
 * A connection's page: `first` items `after` a cursor (forward, the default), or `last` items `before` one
 * (backward, towards the start). One direction per request: Relay's both-at-once is refused, not guessed at.
 */
@ArgsType()
export class PageArgs {
  @Field(() => Int, {
    nullable: true,
    description: `Page size reading forward, 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when neither first nor last is given.`,
  })
  @IsOptional()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Opaque cursor: the endCursor of the previous page.' })
  after?: string | null;

  @Field(() => Int, {
    nullable: true,
    description: `Page size reading backward, 1 to ${MAX_PAGE_SIZE}: the items just before \`before\`, or the last ones.`,
  })
  @IsOptional()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  last?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Opaque cursor: the startCursor of the page that follows (reads backward, as `last` does).',
  })
  before?: string | null;
}

/** A page asked for: its size, and the cursor's key it starts from in its direction. */
export interface PageRequest<K> {
  size: number;
  position: PagePosition<K>;
}

/**
 * The page a connection's arguments ask for, the cursor checked as `isValid` says. Mixing the directions
 * (`first` or `after` with `last` or `before`) is refused, naming the backward argument.
 */
export function pageRequest<K>(args: PageArgs, isValid: (key: unknown) => key is K): PageRequest<K> {
  if (args.last == null && args.before == null) {
    return { size: args.first ?? DEFAULT_PAGE_SIZE, position: { after: decodeCursor(args.after, isValid) } };
  }
  if (args.first != null || args.after != null) {
    throw badInput(args.last != null ? 'last' : 'before', 'reads backward: leave out first and after');
  }
  return { size: args.last ?? DEFAULT_PAGE_SIZE, position: { before: decodeCursor(args.before, isValid, 'before') } };
}

@ObjectType({ description: 'Where a page of a connection stands (Relay): whether there is more, and its cursors.' })
export class PageInfo {
  @Field({
    description:
      'True when a page follows this one (ask for it with `after: endCursor`): more items lie after it, or it was ' +
      'read backward from a cursor (`before`).',
  })
  hasNextPage!: boolean;

  @Field({
    description:
      'True when a page precedes this one: it was asked for `after` a cursor, or from a rank past the first, or it ' +
      'was read backward (`last`) and more items lie before it.',
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
 * Builds a connection from rows read with LIMIT size + 1, in the list's order: the extra row, the last one
 * forward or the first one backward, only says that a page lies beyond. The cursor a page was asked from says
 * that one lies on its other side (`hasPreviousPage` forward, `hasNextPage` backward), as does a page that
 * `startsPastFirst` by other means (a ranking read from a rank).
 */
export function toConnection<R, T>(
  rows: R[],
  request: PageRequest<unknown>,
  totalCount: number,
  cursorOf: (row: R) => unknown,
  nodeOf: (row: R) => T,
  startsPastFirst = false,
): Connection<T> {
  const { key, backward } = keysetOf(request.position);
  const beyond = rows.length > request.size;
  const page = backward ? rows.slice(beyond ? rows.length - request.size : 0) : rows.slice(0, request.size);
  const edges = page.map((row) => ({ cursor: encodeCursor(cursorOf(row)), node: nodeOf(row) }));
  const hasNextPage = backward ? key !== null : beyond;
  const hasPreviousPage = backward ? beyond : key !== null || startsPastFirst;
  return { edges, pageInfo: pageInfoOf(edges, hasNextPage, hasPreviousPage), totalCount };
}
