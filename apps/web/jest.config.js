const path = require('node:path');
const preset = require('../../jest.preset.js');

// Unit tests of the site's helpers (src/**/*.spec.ts). The browser suite has its own config: jest.e2e.config.js.
module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  roots: ['<rootDir>/src'],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@/(.*)$': path.join(__dirname, 'src/$1'),
    // `server-only` throws outside a React server bundle; jest runs server modules as plain Node code.
    '^server-only$': path.join(__dirname, 'src/test-support/empty-module.ts'),
  },
};
