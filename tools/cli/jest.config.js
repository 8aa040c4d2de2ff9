module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli',
  rootDir: __dirname,
  // e2e/ is the README's test, its own target (jest.e2e.config.js).
  testPathIgnorePatterns: [...require('../../jest.preset.js').testPathIgnorePatterns, '/e2e/'],
  // Each database-backed file builds a migrated database first; seed-demo runs a small federation twice.
  testTimeout: 60_000,
};
