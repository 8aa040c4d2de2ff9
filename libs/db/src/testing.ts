/**
 * `@ratings/db/testing`: a fresh migrated database per test file, factories to fill it, and real second
 * processes (TypeScript children, a process holding the embedded database). Used by the tests
 * of libs/db, libs/core and apps/api (and by tools that need throwaway data); never by production code.
 */
export * from './testing/database';
export * from './testing/factories';
export * from './testing/processes';
export * from './testing/servers';
export * from './testing/tcp-proxy';
