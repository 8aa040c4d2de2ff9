module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli',
  rootDir: __dirname,
  // Each database-backed file builds a migrated database first; seed-demo runs a small federation twice.
  testTimeout: 60_000,
};
