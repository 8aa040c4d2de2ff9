import { QueryFailedError } from 'typeorm';
import { PUBLISHED_LIST_IMMUTABLE_CONSTRAINT, isPublishedListImmutableError, uniqueViolationOf } from './errors';

describe('isPublishedListImmutableError', () => {
  const driverError = Object.assign(new Error('published rating list … is immutable'), {
    code: '23001',
    constraint: PUBLISHED_LIST_IMMUTABLE_CONSTRAINT,
  });

  it('recognises the trigger’s error, raw or wrapped by TypeORM', () => {
    expect(isPublishedListImmutableError(driverError)).toBe(true);
    expect(isPublishedListImmutableError(new QueryFailedError('UPDATE …', [], driverError))).toBe(true);
  });

  it.each([
    ['another restrict violation', { code: '23001', constraint: 'fk_games_tournament_id' }],
    ['a unique violation', { code: '23505', constraint: PUBLISHED_LIST_IMMUTABLE_CONSTRAINT }],
    ['null', null],
    ['a string', 'published'],
  ])('is false for %s', (_, error) => {
    expect(isPublishedListImmutableError(error)).toBe(false);
  });
});

describe('uniqueViolationOf', () => {
  const duplicate = Object.assign(
    new Error('duplicate key value violates unique constraint "uq_tournaments_pool_sha"'),
    {
      code: '23505',
      constraint: 'uq_tournaments_pool_sha',
      table: 'tournaments',
      detail: 'Key (pool_id, source_sha256)=(3, ab, cd) already exists.',
    },
  );

  it('names the constraint, the table and the key the server reports, raw or wrapped by TypeORM', () => {
    const clash = {
      constraint: 'uq_tournaments_pool_sha',
      table: 'tournaments',
      columns: 'pool_id, source_sha256',
      values: '3, ab, cd',
    };
    expect(uniqueViolationOf(duplicate)).toEqual(clash);
    expect(uniqueViolationOf(new QueryFailedError('INSERT …', [], duplicate))).toEqual(clash);
  });

  it('keeps what it has when the server gives no detail', () => {
    const bare = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'uq_pools_code' });
    expect(uniqueViolationOf(bare)).toEqual({ constraint: 'uq_pools_code', table: null, columns: null, values: null });
  });

  it.each([
    ['another integrity error', { code: '23503', constraint: 'fk_games_tournament_id' }],
    ['null', null],
    ['a string', '23505'],
  ])('is null for %s', (_, error) => {
    expect(uniqueViolationOf(error)).toBeNull();
  });
});
