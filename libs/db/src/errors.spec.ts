import { QueryFailedError } from 'typeorm';
import { PUBLISHED_LIST_IMMUTABLE_CONSTRAINT, isPublishedListImmutableError } from './errors';

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
