import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const PLATFORM = join(__dirname, '__fixtures__', 'supervised-platform.js');
/** The fixture's grace period before SIGKILL (TEST_STOP_GRACE_MS in supervised-platform.js). */
const HANGING_CHILD_STOP_MS = 1_000;
const STOP_WITHIN_MS = 5_000;

interface Started {
  readonly child: ChildProcess;
  output(): string;
  waitFor(pattern: RegExp): Promise<RegExpMatchArray>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function launch(command: string, args: string[], cwd = ROOT): Started {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // 'exit', not 'close': a grandchild left running would hold the pipes open.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    output: () => output,
    exited,
    async waitFor(pattern) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const match = pattern.exec(output);
        if (match) return match;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no ${pattern} in:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** The two servers' pids and ports, once the fixture says both are up. */
async function serversOf(platform: Started): Promise<{ pid: number; port: number }[]> {
  await platform.waitFor(/^servers \d+ \d+$/m);
  return ['api', 'web'].map((name) => {
    const [, port, pid] = new RegExp(`^\\[${name}\\] listening on (\\d+) \\(pid (\\d+)\\)$`, 'm').exec(
      platform.output(),
    )!;
    return { pid: Number(pid), port: Number(port) };
  });
}

/** Sends `signal` to that one process (not its group) and measures until it has exited. */
async function signalAlone(target: Started, signal: NodeJS.Signals) {
  const started = performance.now();
  target.child.kill(signal);
  const exit = await target.exited;
  return { ...exit, ms: performance.now() - started };
}

/** Every server has exited and its port is free, at once or (for grandchildren) within STOP_WITHIN_MS. */
async function expectStopped(servers: { pid: number; port: number }[]): Promise<void> {
  const deadline = Date.now() + STOP_WITHIN_MS;
  while (servers.some(({ pid }) => isRunning(pid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const { pid, port } of servers) {
    expect(isRunning(pid)).toBe(false);
    expect(await refusesConnections(port)).toBe(true);
  }
}

describe("npm start's supervisor (bin/supervisor.js)", () => {
  const running: Started[] = [];
  /** Servers seen, killed after each test whatever happened to their supervisor. */
  const seen: number[] = [];
  const start = (mode: string) => {
    const platform = launch(process.execPath, [PLATFORM, mode]);
    running.push(platform);
    return platform;
  };
  const serversOfRunning = async (platform: Started) => {
    const servers = await serversOf(platform);
    seen.push(...servers.map(({ pid }) => pid));
    return servers;
  };
  afterEach(() => {
    for (const platform of running.splice(0)) platform.child.kill('SIGKILL');
    for (const pid of seen.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops both servers on %s sent to it alone, freeing their ports',
    async (signal) => {
      const platform = start('servers');
      const servers = await serversOfRunning(platform);
      for (const { pid, port } of servers) {
        expect(isRunning(pid)).toBe(true);
        expect(await refusesConnections(port)).toBe(false);
      }
      const { code, ms } = await signalAlone(platform, signal);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(STOP_WITHIN_MS);
      await expectStopped(servers);
      expect(platform.output()).toMatch(/\nStopping…\nStopped\.\n$/);
    },
  );

  it('kills a server that does not stop on SIGTERM once the grace period is over', async () => {
    const platform = start('hanging-web');
    const servers = await serversOfRunning(platform);
    const { code, ms } = await signalAlone(platform, 'SIGTERM');
    expect(code).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(HANGING_CHILD_STOP_MS);
    expect(ms).toBeLessThan(HANGING_CHILD_STOP_MS + STOP_WITHIN_MS);
    await expectStopped(servers);
  });

  it('stops the step under way (a build, the seed) on SIGTERM, and starts nothing after it', async () => {
    const platform = start('long-step');
    const [, port, pid] = await platform.waitFor(/^listening on (\d+) \(pid (\d+)\)$/m);
    const { code } = await signalAlone(platform, 'SIGTERM');
    expect(code).toBe(0);
    await expectStopped([{ pid: Number(pid), port: Number(port) }]);
    expect(platform.output()).not.toContain('[api]');
  });

  it('gets SIGTERM sent to `npm start` alone, through npm and its shell (the root package.json script)', async () => {
    const { scripts } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const project = await mkdtemp(join(tmpdir(), 'ratings-npm-start-'));
    try {
      // The script runs `node tools/cli/bin/start.js`: here that file starts the fixture platform.
      await mkdir(join(project, 'tools/cli/bin'), { recursive: true });
      await writeFile(
        join(project, 'tools/cli/bin/start.js'),
        `process.argv[2] = 'servers';\nrequire(${JSON.stringify(PLATFORM)});\n`,
      );
      await writeFile(
        join(project, 'package.json'),
        JSON.stringify({ name: 'npm-start-test', scripts: { start: scripts.start } }),
      );
      const npm = launch('npm', ['start', '--silent', '--no-update-notifier'], project);
      running.push(npm);
      const servers = await serversOfRunning(npm);
      const { ms } = await signalAlone(npm, 'SIGTERM');
      expect(ms).toBeLessThan(STOP_WITHIN_MS);
      await expectStopped(servers);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });
});
