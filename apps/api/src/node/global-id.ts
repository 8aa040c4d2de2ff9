import { MAX_ID } from '../ids';

/** The entity types `node(id:)` resolves; each is one table with an integer id. */
export const NODE_TYPES = ['Player', 'Tournament', 'RatingList', 'Pool'] as const;
export type NodeTypeName = (typeof NODE_TYPES)[number];

export interface NodeKey {
  type: NodeTypeName;
  id: number;
}

const KEY_PATTERN = new RegExp(`^(${NODE_TYPES.join('|')}):([1-9]\\d{0,9})$`);

/** A global id is opaque to clients: base64url of "Type:id", so that ids of different types never collide. */
export function toGlobalId(type: NodeTypeName, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64url');
}

/**
 * The type and id a global id names, or null for anything that is not one this API gave out: base64url that
 * decodes to another text, an unknown type, an id no integer column holds, or another spelling of a valid one
 * (padding, the standard alphabet), so that each entity has exactly one global id.
 */
export function fromGlobalId(globalId: string): NodeKey | null {
  const match = KEY_PATTERN.exec(Buffer.from(globalId, 'base64url').toString('utf8'));
  if (!match || Number(match[2]) > MAX_ID) return null;
  const key = { type: match[1] as NodeTypeName, id: Number(match[2]) };
  return toGlobalId(key.type, key.id) === globalId ? key : null;
}
