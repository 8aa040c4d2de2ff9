'use strict';
// bin/start.js's shape with the real supervisor and small children, for supervisor.spec.ts: a step, then
// two servers, "api" and "web". argv[2]: "servers" (both stop on SIGTERM), "hanging-web" (the site ignores
// SIGTERM), "long-step" (the step runs until stopped). Prints "servers <api pid> <web pid>" once both are up.
const path = require('node:path');
const { createSupervisor } = require('../../bin/supervisor');

const SERVER = path.join(__dirname, 'tiny-server.js');
/** Short, so that the test of a hanging child does not wait the real 10 s. */
const TEST_STOP_GRACE_MS = 1_000;
const mode = process.argv[2];

const supervisor = createSupervisor({
  env: process.env,
  cwd: __dirname,
  stoppingMessage: 'Stopping…',
  stoppedMessage: 'Stopped.',
  stopGraceMs: TEST_STOP_GRACE_MS,
});

(async () => {
  await supervisor.run('The step', process.execPath, mode === 'long-step' ? [SERVER] : ['-e', '']);
  const api = await supervisor.serve('api', [SERVER], { cwd: __dirname, env: {}, ready: /listening on/ });
  const web = await supervisor.serve('web', [SERVER, ...(mode === 'hanging-web' ? ['--ignore-sigterm'] : [])], {
    cwd: __dirname,
    env: {},
    ready: /listening on/,
  });
  process.stdout.write(`servers ${api.pid} ${web.pid}\n`);
})().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  void supervisor.shutdown(1);
});
