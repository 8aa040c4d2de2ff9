const preset = require('../../jest.preset.js');

// The browser suite: e2e/*.e2e.ts against `next start` of an existing build, in Chromium from apt.
// Run with `npm run e2e` in apps/web after `npx next build`.
module.exports = {
  ...preset,
  displayName: 'web-e2e',
  rootDir: __dirname,
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  globalSetup: '<rootDir>/e2e/support/global-setup.ts',
  globalTeardown: '<rootDir>/e2e/support/global-teardown.ts',
  // One server, one browser at a time: the machine has two cores.
  maxWorkers: 1,
  testTimeout: 60_000,
};
