import { badInput } from './errors';

/** Integer identity columns. */
export const MAX_ID = 2_147_483_647;

/** GraphQL IDs are the database's integer ids written as strings; anything else is the caller's mistake. */
export function parseId(id: string, argument = 'id'): number {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > MAX_ID) throw badInput(argument, `"${id}" is not a valid id`);
  return Number(id);
}
