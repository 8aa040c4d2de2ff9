import { entityTag, isCacheTag } from './cache-tags';

describe('cache tags', () => {
  it.each(['rankings', 'lists', 'tournaments', 'players', 'pools', 'player:42', 'tournament:7', 'list:2147483647'])(
    '%s is a tag',
    (tag) => {
      expect(isCacheTag(tag)).toBe(true);
    },
  );

  it.each(['', 'ranking', 'player:', 'player:0', 'player:042', 'player:abc', 'club:3', 'player:1:2', 'rankings '])(
    '%j is not',
    (tag) => {
      expect(isCacheTag(tag)).toBe(false);
    },
  );

  it('builds entity tags from API ids only', () => {
    expect(entityTag('player', '42')).toBe('player:42');
    expect(() => entityTag('list', '../etc')).toThrow('Not an API id: "../etc"');
  });
});
