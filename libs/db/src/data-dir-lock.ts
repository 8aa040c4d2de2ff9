import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { DataDirLockedError, type DataDirHolder } from './errors';

/** The embedded database's lock, held by this process until `release()` (or its exit). */
export interface DataDirLock {
  /** `<dataDir>.lock`, beside the data directory so that PGlite's own files (and their dumps) stay untouched. */
  readonly file: string;
  release(): void;
}

/** How many times a stale lock is cleared and the lock tried again before giving up (each try races others). */
const MAX_ATTEMPTS = 3;

/** Lock files this process holds, by path, with their content (released on exit). */
const held = new Map<string, string>();
let exitHookInstalled = false;

/**
 * Locks the data directory of an embedded PGlite database for this process. PGlite is a single-process
 * database: two processes writing one directory lose each other's writes and never see them, so a second
 * process gets a `DataDirLockedError` naming the holder (pid, program, since when).
 *
 * The lock file records the holder. It appears atomically and complete (written under a private name, then
 * hard-linked into place, which fails if it exists). A lock whose process is dead (kill -9, a crash) is stale
 * and taken over. Staleness is decided by the pid, never by age: a live PGlite may block its event loop for
 * seconds in a long statement, so a heartbeat-based lock could be stolen from a living process.
 */
export function lockDataDir(dataDir: string, program: string): DataDirLock {
  const file = `${dataDir}.lock`;
  const mine = held.get(file);
  if (mine !== undefined) throw new DataDirLockedError(dataDir, file, parseHolder(mine)!);

  const holder: DataDirHolder = { pid: process.pid, program, since: new Date().toISOString() };
  const content = `${JSON.stringify(holder)}\n`;
  const staging = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(staging, content, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        linkSync(staging, file);
        held.set(file, content);
        installExitHook();
        return { file, release: () => release(file, content) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readIfExists(file);
      if (current === null) continue;
      const other = parseHolder(current);
      if (other && isAlive(other.pid)) throw new DataDirLockedError(dataDir, file, other);
      clearStaleLock(file, current);
    }
  } finally {
    unlinkSync(staging);
  }
  throw new Error(`could not lock ${file}: other processes kept taking it over`);
}

/**
 * Removes a stale lock. It is first renamed to a private name, so of two processes clearing the same stale lock
 * only one moves it; if what was moved is not the stale lock read before (a live process has just taken the
 * lock), it is put back.
 */
function clearStaleLock(file: string, staleContent: string): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleContent) linkSync(aside, file);
  } catch (error) {
    // EEXIST: yet another process locked it meanwhile; the caller's next attempt meets that holder.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(aside);
  }
}

function release(file: string, content: string): void {
  if (held.get(file) !== content) return;
  held.delete(file);
  // Never remove a lock that is no longer ours (deleted by hand, then taken by another process).
  if (readIfExists(file) === content) unlinkSync(file);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A process that exits without closing its database (process.exit, an uncaught error) leaves no lock behind.
  process.on('exit', () => {
    for (const [file, content] of held) release(file, content);
  });
}

function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The holder a lock file names; null for a file that names none (it cannot stand for a live process). */
function parseHolder(content: string): DataDirHolder | null {
  try {
    const { pid, program, since } = JSON.parse(content) as Partial<DataDirHolder>;
    if (!Number.isInteger(pid) || typeof program !== 'string' || typeof since !== 'string') return null;
    return { pid: pid as number, program, since };
  } catch {
    return null;
  }
}

/**
 * Whether a process with this pid runs. Our own pid, in a lock this process does not hold, is a previous
 * incarnation's (containers give their main process the same pid at every start).
 */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
