import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@ratings/core/testing';
import { readmeBlocks } from './readme';

const ROOT = resolve(__dirname, '../../..');
const RATINGS = join(ROOT, 'tools/cli/bin/ratings.js');
const API = join(ROOT, 'apps/api/dist/main.js');
/** The address the README's examples use, replaced by the test API's. */
const README_API = 'localhost:4000';
/** A small demo federation: enough players for every pool's tournaments, the same last list (2026-11). */
const DEMO = ['seed-demo', '--players', '150', '--months', '2', '--quiet'];
const PASSWORDS = { ADMIN_PASSWORD: 'an administrator passphrase', PASSWORD: 'a rating officer passphrase' };

const run = promisify(execFile);

/**
 * Every curl of an API block also appends its answer, one line, to $E2E_ANSWERS, so that the test checks
 * answers the README pipes into jq too.
 */
const CURL_RECORDER = `curl() { command curl "$@" | tee -a "$E2E_ANSWERS"; echo >> "$E2E_ANSWERS"; }\n`;

async function bash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  try {
    return await run('bash', ['-euo', 'pipefail', '-c', script], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    throw new Error(`a README block failed: ${(error as Error).message}\nstdout:\n${stdout}\nstderr:\n${stderr}`);
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function waitForHealth(origin: string, api: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}:\n${log()}`);
    healthy = await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (!healthy) await new Promise((wake) => setTimeout(wake, 250));
  }
  if (!healthy) throw new Error(`the API did not answer /healthz within 60 s:\n${log()}`);
}

describe("the root README's blocks, run as written on a small demo federation", () => {
  let scratch: string;
  let server: TestDatabase | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // The README's relative paths (docs/examples/…) and `npx ratings` resolve in a scratch folder that
    // links the repository's docs and packages, so the files the blocks write stay out of the repository.
    scratch = await mkdtemp(join(tmpdir(), 'ratings-readme-'));
    await symlink(join(ROOT, 'docs'), join(scratch, 'docs'));
    await symlink(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
    if (process.env.DATABASE_URL) server = await createTestDatabase();
    const database = server
      ? { DATABASE_URL: (server.dataSource.options as { url: string }).url }
      : { DATABASE_URL: '', DATA_DIR: join(scratch, '.data') };
    env = { ...process.env, ...database, ...PASSWORDS, LOG_LEVEL: 'warn', E2E_ANSWERS: join(scratch, 'answers') };
    await run('node', [RATINGS, 'migrate'], { cwd: scratch, env });
    await run('node', [RATINGS, ...DEMO], { cwd: scratch, env });
  });
  afterAll(async () => {
    await server?.destroy();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('rates and publishes the month with the CLI, then answers every curl example without errors', async () => {
    const blocks = readmeBlocks(await readFile(join(ROOT, 'README.md'), 'utf8'));
    const cli = blocks.filter((block) => !block.needsApi);
    const api = blocks.filter((block) => block.needsApi);
    expect(cli.length).toBeGreaterThanOrEqual(2);
    expect(api.length).toBeGreaterThanOrEqual(3);

    const month = await bash(cli.map((block) => block.script).join('\n'), scratch, env);
    expect(month.stdout).toContain('Created staff account');
    expect(month.stdout).toMatch(/it falls in period 2026-12 of pool standard/);
    expect(month.stdout).toMatch(/^Submitted tournament \d+ "Open de Sherbrooke 2026" \(ended 2026-11-08\)/m);
    expect(month.stdout).toMatch(/^Rating list \d+: pool standard, period 2026-12 \(effective 2026-12-01\), DRAFT$/m);
    expect(month.stdout).toMatch(/^Published rating list \d+: pool standard, period 2026-12, revision 0/m);
    expect(month.stdout).toMatch(/^ {2}[\d,]+ players \([\d,]+ listed\), 1 tournament now RATED/m);
    expect(await readFile(join(scratch, 'standard-2026-12.txt'), 'utf8')).toContain('Legrand, Mathis');
    expect(existsSync(join(scratch, 'standard-2026-12-draft.csv'))).toBe(true);

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const apiProcess = spawn('node', [API], {
      cwd: scratch,
      env: { ...env, API_PORT: String(port), API_HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let apiLog = '';
    apiProcess.stdout.on('data', (chunk) => (apiLog += chunk));
    apiProcess.stderr.on('data', (chunk) => (apiLog += chunk));
    try {
      await waitForHealth(origin, apiProcess, () => apiLog);
      const script = CURL_RECORDER + api.map((block) => block.script.replaceAll(README_API, origin)).join('\n');
      await bash(script, scratch, env);
    } finally {
      apiProcess.kill('SIGTERM');
      if (apiProcess.exitCode === null) await once(apiProcess, 'exit');
    }

    const answers = (await readFile(join(scratch, 'answers'), 'utf8'))
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line));
    expect(answers.length).toBeGreaterThanOrEqual(9);
    for (const answer of answers) expect(answer).toEqual({ data: expect.any(Object) });
    const field = (name: string) => answers.find((answer) => name in answer.data)?.data[name];
    expect(field('login').token).toEqual(expect.any(String));
    expect(field('importTrf')).toMatchObject({ status: 'IMPORTED' });
    expect(field('pool')).toBeDefined();
    expect(field('runRatingPeriod')).toMatchObject({ tournaments: 1 });
    expect(field('publishRatingList')).toEqual({ status: 'PUBLISHED', period: '2026-12' });
    expect(field('player')).toMatchObject({ surname: expect.any(String) });
    expect(field('rankings').edges.length).toBeGreaterThan(0);
    expect(field('rankings').list).toMatchObject({ period: '2026-12', revision: 0 });
    const csv = await readFile(join(scratch, 'standard-current.csv'), 'utf8');
    expect(csv.split('\n').length).toBeGreaterThan(10);
    expect((await readFile(join(scratch, 'standard-history.csv'), 'utf8')).length).toBeGreaterThan(100);
  });
});
