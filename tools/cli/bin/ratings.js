#!/usr/bin/env node
'use strict';
// The `ratings` command runs the compiled CLI; `npm run build` (or `npm start`) builds it.
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'dist', 'main.js');
if (!fs.existsSync(entry)) {
  console.error('The ratings CLI is not built yet. Run `npx nx run @ratings/cli:build` (or `npm run build`) first.');
  process.exit(1);
}
require(entry);
