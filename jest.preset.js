// Shared jest settings: swc compiles TypeScript (with decorator metadata, which TypeORM and
// type-graphql read), and workspace imports resolve to each project's sources, so tests never
// need a build first.
const path = require('node:path');

const root = __dirname;
const workspaceAliases = {
  '^@ratings/contract$': path.join(root, 'libs/contract/src/index.ts'),
  '^@ratings/rating-rules$': path.join(root, 'libs/rating-rules/src/index.ts'),
  '^@ratings/trf$': path.join(root, 'libs/trf/src/index.ts'),
  '^@ratings/lists$': path.join(root, 'libs/lists/src/index.ts'),
  '^@ratings/db$': path.join(root, 'libs/db/src/index.ts'),
  '^@ratings/db/testing$': path.join(root, 'libs/db/src/testing.ts'),
  '^@ratings/core$': path.join(root, 'libs/core/src/index.ts'),
  '^@ratings/core/testing$': path.join(root, 'libs/core/src/testing.ts'),
};

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: workspaceAliases,
  testMatch: ['**/?(*.)+(spec).ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.next/'],
};
