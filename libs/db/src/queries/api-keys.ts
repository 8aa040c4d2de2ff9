import type { EntityManager } from 'typeorm';
import { ApiKey } from '../entities';

/**
 * Sets a key's `last_used_at` to `now` unless it was set after `staleBefore`: conditional, so the concurrent
 * requests of one period write once.
 */
export async function touchApiKey(manager: EntityManager, id: number, now: Date, staleBefore: Date): Promise<void> {
  await manager
    .createQueryBuilder()
    .update(ApiKey)
    .set({ lastUsedAt: now })
    .where('id = :id AND (last_used_at IS NULL OR last_used_at <= :stale)', { id, stale: staleBefore })
    .execute();
}
