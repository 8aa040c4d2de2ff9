#!/usr/bin/env node
'use strict';
// `npm start`: the whole platform on this machine. Builds what is not built (Nx caches the rest),
// migrates the database, seeds the demo federation into an empty one, then runs the API and the site
// and prints their addresses. Ctrl-C stops both; the data stays (./.data, or the DATABASE_URL server).
// Plain JavaScript on purpose: it runs before anything is compiled.
const { spawn, spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

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

/** Runs a command to completion with its output shown; stops `npm start` when it fails. */
function run(what, command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.status !== 0) fail(`${what} failed (exit code ${result.status}). The output above says why.`);
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

step('Building what is not built yet (the first time takes a minute or two; then Nx answers from its cache)');
run('The build', process.execPath, [
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

step(
  usesServer
    ? 'Migrating the PostgreSQL database (DATABASE_URL)'
    : `Migrating the embedded database in ${path.relative(ROOT, dataDir) || '.'}`,
);
run('The migration', process.execPath, [RATINGS, 'migrate']);

if (env.SEED_DEMO !== '0') {
  step('Seeding the demo federation if the database is empty (SEED_DEMO=0 skips this)');
  run('The demo seed', process.execPath, [RATINGS, 'seed-demo', '--if-empty']);
}

const revalidateSecret = env.REVALIDATE_SECRET || randomBytes(24).toString('base64url');
const apiUrl = `http://127.0.0.1:${apiPort}/graphql`;
const children = [];
let stopping = false;

/** Starts a long-running process, prefixes its output, and resolves once `ready` shows in it. */
function serve(name, args, cwd, extraEnv, ready) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let started = false;
    const relay = (stream, target) => {
      let buffer = '';
      stream.on('data', (chunk) => {
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop();
        for (const line of lines) {
          target.write(`[${name}] ${line}\n`);
          if (!started && ready.test(line)) {
            started = true;
            resolve(child);
          }
        }
      });
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.once('exit', (code, signal) => {
      if (!started) reject(new Error(`${name} stopped before it was ready (exit code ${code})`));
      else if (!stopping) {
        process.stderr.write(
          `\n✖ ${name} stopped unexpectedly (${signal || `exit code ${code}`}); stopping the platform.\n`,
        );
        void shutdown(1);
      }
    });
  });
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  process.stderr.write('\nStopping the site and the API…\n');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.stderr.write(
    usesServer ? 'Stopped.\n' : `Stopped. The data stays in ${path.relative(ROOT, dataDir) || '.'}.\n`,
  );
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

(async () => {
  step('Starting the API and the site');
  await serve(
    'api',
    [path.join(ROOT, 'apps/api/dist/main.js')],
    ROOT,
    {
      API_PORT: apiPort,
      LOG_LEVEL: env.LOG_LEVEL || 'warn',
      TOKEN_SECRET: env.TOKEN_SECRET || localSecret('token-secret'),
      WEB_REVALIDATE_URL: env.WEB_REVALIDATE_URL || `http://127.0.0.1:${webPort}/api/revalidate`,
      REVALIDATE_SECRET: revalidateSecret,
    },
    /GraphQL API ready/,
  );
  await serve(
    'web',
    [NEXT, 'start', '-p', webPort],
    path.join(ROOT, 'apps/web'),
    {
      API_URL: env.API_URL || apiUrl,
      PUBLIC_API_URL: env.PUBLIC_API_URL || `http://localhost:${apiPort}`,
      REVALIDATE_SECRET: revalidateSecret,
      WEB_PORT: webPort,
    },
    /Ready in|started server|Local:/,
  );
  process.stdout.write(
    [
      '',
      'The ratings platform is running:',
      `  site (français)   http://localhost:${webPort}/`,
      `  site (English)    http://localhost:${webPort}/en`,
      `  GraphQL API       http://localhost:${apiPort}/graphql`,
      `  health            http://localhost:${apiPort}/healthz`,
      `  database          ${usesServer ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${path.relative(ROOT, dataDir) || '.'}`}`,
      'Staff accounts: npx ratings create-staff --help. Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
})().catch((error) => {
  process.stderr.write(`\n✖ ${error.message}\n`);
  void shutdown(1);
});
