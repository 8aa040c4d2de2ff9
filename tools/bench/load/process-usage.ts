import { readFileSync } from 'node:fs';

/**
 * Another process's peak resident memory and CPU time, from Linux's /proc/<pid>: VmHWM (status) is the kernel's own
 * high-water mark of VmRSS; utime + stime (stat) are the CPU time it has used. Read periodically so that the last
 * reading before a crash is kept.
 */

export interface ProcessWatch {
  /** The peak seen so far, in bytes. */
  peakRssBytes(): number;
  /** CPU time (user + system) used since the watch began, in seconds, as of the last reading. */
  cpuSeconds(): number;
  stop(): void;
}

/** Linux reports CPU times in clock ticks of USER_HZ, which is 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

function readHighWaterMark(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`/proc/${pid}/status has no VmHWM line`);
  return Number(match[1]) * 1024;
}

function readCpuSeconds(pid: number): number {
  // The command name, in parentheses, may hold spaces: the fields are counted after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the command name.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

export function watchProcess(pid: number, intervalMs: number): ProcessWatch {
  // Fails now, on a system without /proc, rather than reporting zeros at the end.
  let peak = readHighWaterMark(pid);
  const cpuAtStart = readCpuSeconds(pid);
  let cpu = cpuAtStart;
  const read = () => {
    try {
      peak = Math.max(peak, readHighWaterMark(pid));
      cpu = readCpuSeconds(pid);
    } catch {
      clearInterval(timer); // the process has ended: its last reading stands
    }
  };
  const timer = setInterval(read, intervalMs);
  return {
    peakRssBytes: () => peak,
    cpuSeconds: () => cpu - cpuAtStart,
    stop: () => {
      read();
      clearInterval(timer);
    },
  };
}
