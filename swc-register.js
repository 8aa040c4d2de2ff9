'use strict';
// Runs TypeScript sources directly in Node for child processes spawned by tests (a test that kills a
// rating run mid-way, say): `node --conditions=@ratings/source -r ./swc-register.js file.ts`. The condition
// makes workspace packages resolve to their src/index.ts (as in jest), and this hook compiles .ts files
// with swc and the same options as jest.preset.js (decorator metadata included).
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const options = {
  jsc: {
    target: 'es2022',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
