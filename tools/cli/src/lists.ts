import { listsByIds, poolByCode, revisionsOf, type RatingList, type RatingsDataSource } from '@ratings/core';
import { CliError, UsageError } from './command';

/** How a command names a list: its id, or pool and period. */
export const LIST_ARGUMENT_HELP = 'the list: its id (42), or pool:period (standard:2026-11)';

const LIST_ID = /^\d+$/;
const POOL_PERIOD = /^([a-z][a-z0-9_-]*):(\d{4}-\d{2})$/;

/**
 * The list a `<list>` argument names. By id: that list, whatever its status (the use case then decides). By
 * pool:period: that period's draft when `want` is DRAFT, else its latest published revision.
 */
export async function findList(
  db: RatingsDataSource,
  argument: string,
  want: 'DRAFT' | 'PUBLISHED',
): Promise<RatingList> {
  if (LIST_ID.test(argument)) {
    const [list] = await listsByIds(db, [Number(argument)]);
    if (!list) throw new CliError(`there is no rating list ${argument}`);
    return list;
  }
  const match = POOL_PERIOD.exec(argument);
  if (!match) throw new UsageError(`"${argument}" does not name a list: give ${LIST_ARGUMENT_HELP}`);
  const [, code, period] = match;
  const pool = await poolByCode(db, code);
  const revisions = (await revisionsOf(db, { poolId: pool.id, period }, true)).filter((list) => list.status === want);
  const list = revisions[revisions.length - 1];
  if (!list) {
    throw new CliError(
      want === 'DRAFT'
        ? `pool ${code} has no draft list for ${period}: rate it first with \`ratings run --pool ${code} --period ${period}\``
        : `pool ${code} has no published list for ${period}`,
    );
  }
  return list;
}
