/**
 * `@ratings/db/testing`: a fresh migrated database per test file, and factories to fill it. Used by the tests
 * of libs/db, libs/core and apps/api (and by tools that need throwaway data); never by production code.
 */
export * from './testing/database';
export * from './testing/factories';
