import { readFileSync } from 'node:fs';

/**
 * Another process's peak resident memory, from Linux's /proc/<pid>/status: VmHWM is the kernel's own high-water
 * mark of VmRSS. Read periodically so that the last reading before a crash is kept.
 */

export interface MemoryWatch {
  /** The peak seen so far, in bytes. */
  peakRssBytes(): number;
  stop(): void;
}

function readHighWaterMark(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no VmHWM line`);
  return Number(match[1]) * 1024;
}

export function watchProcessMemory(pid: number, intervalMs: number): MemoryWatch {
  // Fails now, on a system without /proc, rather than reporting a peak of 0 at the end.
  let peak = readHighWaterMark(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readHighWaterMark(pid));
    } catch {
      clearInterval(timer); // the process has ended: its last reading stands
    }
  }, intervalMs);
  return {
    peakRssBytes: () => peak,
    stop: () => clearInterval(timer),
  };
}
