#!/usr/bin/env node
'use strict';
// `npm start`: the whole platform on this machine. Builds what is not built (Nx caches the rest),
// migrates the database, seeds the demo federation into an empty one, then runs the API and the site
// and prints their addresses. Ctrl-C stops both; the data stays (./.data, or the DATABASE_URL server).
// Plain JavaScript on purpose: it runs before anything is compiled.
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { createSupervisor } = require('./supervisor');

const ROOT = path.resolve(__dirname, '../../..');
const RATINGS = path.join(ROOT, 'tools/cli/bin/ratings.js');
const NEXT = require.resolve('next/dist/bin/next', { paths: [path.join(ROOT, 'apps/web')] });

const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', NX_NO_CLOUD: 'true', NEXT_TELEMETRY_DISABLED: '1' };
const apiPort = env.API_PORT || '4000';
const webPort = env.WEB_PORT || '3000';
const dataDir = path.resolve(ROOT, env.DATA_DIR || '.data');
const usesServer = Boolean(env.DATABASE_URL && env.DATABASE_URL.trim());

function step(message) {
  process.stderr.write(`\n▶ ${message}\n`);
}

function fail(message) {
  process.stderr.write(`\n✖ ${message}\n`);
  process.exit(1);
}

/** A secret kept under DATA_DIR so staff tokens survive a restart of the local platform. */
function localSecret(name) {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return fs.readFileSync(file, 'utf8').trim();
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19))
  fail(`Node.js 20.19 or later is needed (this is ${process.versions.node}).`);

const where = path.relative(ROOT, dataDir) || '.';
const supervisor = createSupervisor({
  env,
  cwd: ROOT,
  stoppingMessage: 'Stopping…',
  stoppedMessage: usesServer ? 'Stopped.' : `Stopped. The data stays in ${where}.`,
});
const revalidateSecret = env.REVALIDATE_SECRET || randomBytes(24).toString('base64url');
const apiUrl = `http://127.0.0.1:${apiPort}/graphql`;

(async () => {
  step('Building what is not built yet (the first time takes a minute or two; then Nx answers from its cache)');
  await supervisor.run('The build', process.execPath, [
    require.resolve('nx/bin/nx', { paths: [ROOT] }),
    'run-many',
    '-t',
    'build',
    '-p',
    '@ratings/api',
    '@ratings/cli',
    '@ratings/web',
    '--output-style=static',
  ]);

  step(usesServer ? 'Migrating the PostgreSQL database (DATABASE_URL)' : `Migrating the embedded database in ${where}`);
  await supervisor.run('The migration', process.execPath, [RATINGS, 'migrate']);

  if (env.SEED_DEMO !== '0') {
    step('Seeding the demo federation if the database is empty (SEED_DEMO=0 skips this)');
    await supervisor.run('The demo seed', process.execPath, [RATINGS, 'seed-demo', '--if-empty']);
  }

  step('Starting the API and the site');
  await supervisor.serve('api', [path.join(ROOT, 'apps/api/dist/main.js')], {
    cwd: ROOT,
    env: {
      API_PORT: apiPort,
      LOG_LEVEL: env.LOG_LEVEL || 'warn',
      TOKEN_SECRET: env.TOKEN_SECRET || localSecret('token-secret'),
      WEB_REVALIDATE_URL: env.WEB_REVALIDATE_URL || `http://127.0.0.1:${webPort}/api/revalidate`,
      REVALIDATE_SECRET: revalidateSecret,
    },
    ready: /GraphQL API ready/,
  });
  await supervisor.serve('web', [NEXT, 'start', '-p', webPort], {
    cwd: path.join(ROOT, 'apps/web'),
    env: {
      API_URL: env.API_URL || apiUrl,
      PUBLIC_API_URL: env.PUBLIC_API_URL || `http://localhost:${apiPort}`,
      REVALIDATE_SECRET: revalidateSecret,
      WEB_PORT: webPort,
    },
    ready: /Ready in|started server|Local:/,
  });
  process.stdout.write(
    [
      '',
      'The ratings platform is running:',
      `  site (français)   http://localhost:${webPort}/`,
      `  site (English)    http://localhost:${webPort}/en`,
      `  GraphQL API       http://localhost:${apiPort}/graphql`,
      `  health            http://localhost:${apiPort}/healthz`,
      `  database          ${usesServer ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${where}`}`,
      usesServer
        ? 'Staff accounts: npx ratings create-staff --help. Ctrl-C stops everything.'
        : // The embedded database serves one process at a time: the CLI refuses it while the API holds it.
          'Staff accounts: stop the platform (Ctrl-C), then npx ratings create-staff --help. Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
})().catch((error) => {
  process.stderr.write(`\n✖ ${error.message}\n`);
  void supervisor.shutdown(1);
});
