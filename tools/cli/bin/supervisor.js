'use strict';
// The process supervision of `npm start` (bin/start.js): runs the steps (build, migrate, seed) and then the
// servers as child processes, and stops every child when it receives SIGINT or SIGTERM itself, or when a
// server stops on its own. Plain JavaScript on purpose: it runs before anything is compiled.
const { spawn } = require('node:child_process');

/**
 * How long a child gets to stop after SIGTERM before it is killed: the API stops within 5 s, and Next.js
 * waits for the requests it is serving.
 */
const STOP_GRACE_MS = 10_000;

/**
 * @param {object} options
 * @param {NodeJS.ProcessEnv} options.env the children's environment
 * @param {string} options.cwd where the steps run
 * @param {string} options.stoppingMessage shown when stopping starts
 * @param {string} options.stoppedMessage shown once every child has exited
 * @param {number} [options.stopGraceMs]
 */
function createSupervisor({ env, cwd, stoppingMessage, stoppedMessage, stopGraceMs = STOP_GRACE_MS }) {
  const children = new Set();
  let stopping = false;

  function start(command, args, options) {
    const child = spawn(command, args, { env, ...options });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  }

  /** Runs a step to completion with its output shown; rejects, saying so, when it fails. */
  function run(what, command, args) {
    return new Promise((resolve, reject) => {
      if (stopping) return;
      const child = start(command, args, { cwd, stdio: 'inherit' });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        // Stopped by shutdown(): the process exits from there.
        if (stopping) return;
        if (code === 0) resolve();
        else reject(new Error(`${what} failed (${signal || `exit code ${code}`}). The output above says why.`));
      });
    });
  }

  /** Starts a long-running process, prefixes its output, and resolves once `ready` shows in it. */
  function serve(name, args, options) {
    return new Promise((resolve, reject) => {
      if (stopping) return;
      const child = start(process.execPath, args, {
        cwd: options.cwd,
        env: { ...env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let started = false;
      const relay = (stream, target) => {
        let buffer = '';
        stream.on('data', (chunk) => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop();
          for (const line of lines) {
            target.write(`[${name}] ${line}\n`);
            if (!started && options.ready.test(line)) {
              started = true;
              resolve(child);
            }
          }
        });
      };
      relay(child.stdout, process.stdout);
      relay(child.stderr, process.stderr);
      child.once('exit', (code, signal) => {
        if (stopping) return;
        if (!started) reject(new Error(`${name} stopped before it was ready (${signal || `exit code ${code}`})`));
        else {
          process.stderr.write(`\n✖ ${name} stopped unexpectedly (${signal || `exit code ${code}`}); stopping.\n`);
          void shutdown(1);
        }
      });
    });
  }

  /** SIGTERM to every child, SIGKILL to those still running after the grace period; then exits. */
  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    // A step that failed has nothing left to stop: its message is the last word.
    const quiet = children.size === 0;
    if (!quiet) process.stderr.write(`\n${stoppingMessage}\n`);
    await Promise.all(
      [...children].map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (!quiet) process.stderr.write(`${stoppedMessage}\n`);
    process.exit(code);
  }

  // Installed before the first child starts: a signal during the build or the seed stops that step too.
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  return { run, serve, shutdown };
}

module.exports = { createSupervisor, STOP_GRACE_MS };
