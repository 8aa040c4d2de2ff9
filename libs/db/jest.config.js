module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'db',
  rootDir: __dirname,
  // A test file's first database is a PGlite cluster (initdb in WASM, seconds on a busy machine) or a new server
  // database plus migrations; the 5 s default is too tight for that beforeAll.
  testTimeout: 30_000,
};
