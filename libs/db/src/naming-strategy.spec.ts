import { MAX_IDENTIFIER_LENGTH, SnakeNamingStrategy, fitIdentifier, snakeCase } from './naming-strategy';

describe('SnakeNamingStrategy', () => {
  it.each([
    ['playerId', 'player_id'],
    ['glickoRd', 'glicko_rd'],
    ['sourceSha256', 'source_sha256'],
    ['HTMLTitle', 'html_title'],
    ['code', 'code'],
  ])('snakeCase(%s) = %s', (name, expected) => {
    expect(snakeCase(name)).toBe(expected);
  });

  it('names constraints and indexes readably, in the declared column order', () => {
    const naming = new SnakeNamingStrategy();
    expect(naming.primaryKeyName('players')).toBe('pk_players');
    expect(naming.foreignKeyName('games', ['white_player_id'])).toBe('fk_games_white_player_id');
    expect(naming.uniqueConstraintName('rating_lists', ['pool_id', 'period', 'revision'])).toBe(
      'uq_rating_lists_pool_id_period_revision',
    );
    expect(naming.indexName('games', ['tournament_id', 'round'])).toBe('ix_games_tournament_id_round');
    expect(naming.columnName('everReached2400', undefined, [])).toBe('ever_reached2400');
  });

  it('keeps names within PostgreSQL’s 63 bytes, distinct after the cut', () => {
    const long = 'fk_' + 'a'.repeat(80);
    const other = 'fk_' + 'a'.repeat(79) + 'b';
    expect(fitIdentifier(long)).toHaveLength(MAX_IDENTIFIER_LENGTH);
    expect(fitIdentifier(long)).not.toBe(fitIdentifier(other));
    expect(fitIdentifier('pk_players')).toBe('pk_players');
  });
});
