import { resolve } from 'node:path';
import { DEFAULT_POOL_SIZE, databaseTargetFromEnv } from './data-source';
import { DatabaseConfigError } from './errors';

describe('databaseTargetFromEnv', () => {
  it('DATABASE_URL selects that server, with 10 connections unless DB_POOL_SIZE says otherwise', () => {
    const url = 'postgres://ratings@db.example.org:5432/ratings';
    expect(databaseTargetFromEnv({ DATABASE_URL: url })).toEqual({
      engine: 'postgres',
      url,
      poolSize: DEFAULT_POOL_SIZE,
    });
    expect(DEFAULT_POOL_SIZE).toBe(10);
    expect(databaseTargetFromEnv({ DATABASE_URL: url, DB_POOL_SIZE: '25' })).toEqual({
      engine: 'postgres',
      url,
      poolSize: 25,
    });
  });

  it('without DATABASE_URL, the embedded database persists under ./.data, or under DATA_DIR', () => {
    expect(databaseTargetFromEnv({})).toEqual({ engine: 'pglite', dataDir: resolve('.data', 'pglite') });
    expect(databaseTargetFromEnv({ DATABASE_URL: '  ', DATA_DIR: '/var/lib/ratings' })).toEqual({
      engine: 'pglite',
      dataDir: '/var/lib/ratings/pglite',
    });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL (got "mysql://x/y")'],
    [
      { DATABASE_URL: 'postgres://x/y', DB_POOL_SIZE: 'ten' },
      'DB_POOL_SIZE must be a whole number from 1 to 100 (got "ten")',
    ],
    [
      { DATABASE_URL: 'postgres://x/y', DB_POOL_SIZE: '0' },
      'DB_POOL_SIZE must be a whole number from 1 to 100 (got "0")',
    ],
    [
      { DATABASE_URL: 'postgres://x/y', DB_POOL_SIZE: '2.5' },
      'DB_POOL_SIZE must be a whole number from 1 to 100 (got "2.5")',
    ],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => databaseTargetFromEnv(env)).toThrow(DatabaseConfigError);
    expect(() => databaseTargetFromEnv(env)).toThrow(message);
  });
});
