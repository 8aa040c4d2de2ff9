module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'core',
  rootDir: __dirname,
  // The first PGlite cluster of a run (before its dump is cached) takes longer than jest's 5 s default.
  testTimeout: 60_000,
};
