module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'cli-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
  // A small demo seed, the README's commands (each a process opening the database) and an API start.
  testTimeout: 170_000,
};
