/**
 * Test helpers for the layers above core (the API, the CLI): a fresh migrated database per test file and
 * factories to fill it, re-exported so those layers depend on core alone.
 */
export * from '@ratings/db/testing';
