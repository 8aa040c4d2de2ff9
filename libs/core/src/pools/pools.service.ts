import type { DataSource } from 'typeorm';
import { Pool } from '@ratings/db';
import { systemParameters, validateCategoryTable, type RatingCategory } from '@ratings/rating-rules';
import { recordAudit } from '../audit/audit.service';
import { authorize } from '../auth/permissions';
import { conflict, invalidInput } from '../errors';
import type { WriteContext } from '../common/actor';
import { runTransaction, snapshot } from '../common/database';

export interface PoolInput {
  code: string;
  name: string;
  nameFr?: string | null;
  /** A rating-rules system id: elo, elo-provisional, fqe, fide, glicko2. */
  ratingSystemId: string;
  /** The system's parameters; missing ones take the defaults. */
  systemParams?: Record<string, unknown>;
  periodMonths?: number;
  categoryTable?: RatingCategory[] | null;
  description?: string | null;
  /** TRF imports start the players the pool has never rated from their files' ratings (default false). */
  ratingsFromFile?: boolean;
}

const POOL_CODE = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * Creates a rating pool rated by one system of the registry. The system id and its parameters are
 * checked by rating-rules (unknown system, unknown key, wrong value → BAD_USER_INPUT naming it).
 */
export async function createPool(db: DataSource, input: PoolInput, ctx: WriteContext): Promise<Pool> {
  authorize(ctx, 'ratings:run');
  if (!POOL_CODE.test(input.code ?? ''))
    throw invalidInput('code', 'a lowercase slug of at most 32 characters, e.g. "standard"');
  if (!input.name?.trim()) throw invalidInput('name', 'must not be blank');
  const periodMonths = input.periodMonths ?? 1;
  if (!Number.isInteger(periodMonths) || periodMonths < 1 || 12 % periodMonths !== 0) {
    throw invalidInput('periodMonths', 'must divide the year: 1, 2, 3, 4, 6 or 12');
  }
  // Validates the system id and every parameter; the pool stores what was given (defaults stay defaults).
  systemParameters(input.ratingSystemId, input.systemParams ?? {});
  if (input.categoryTable) validateCategoryTable(input.categoryTable, 'categoryTable');
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(Pool);
    if (await repository.existsBy({ code: input.code })) throw conflict(`pool "${input.code}" already exists`);
    const pool = await repository.save(
      repository.create({
        code: input.code,
        name: input.name.trim(),
        nameFr: input.nameFr?.trim() || null,
        ratingSystemId: input.ratingSystemId,
        systemParams: input.systemParams ?? {},
        periodMonths,
        categoryTable: input.categoryTable ?? null,
        description: input.description ?? null,
        ratingsFromFile: input.ratingsFromFile === true,
      }),
    );
    await recordAudit(manager, ctx, {
      action: 'createPool',
      entityType: 'Pool',
      entityId: pool.id,
      after: snapshot(pool),
    });
    return pool;
  });
}
