import { Agent, get } from 'node:http';
import autocannon from 'autocannon';

/**
 * One load run against a page: autocannon's closed loop of `connections` for `seconds` (req/s, and its
 * latency, which is the time to the LAST byte: it records when the response is complete), and beside
 * it a probe on one more connection timing the FIRST byte of each response, which autocannon does not.
 */

export interface PageLoad {
  requestsPerSecond: number;
  /** Time to the complete response (autocannon), ms. */
  fullP50: number;
  fullP99: number;
  /** Time to the first byte (the probe), ms. */
  ttfbP50: number;
  ttfbP99: number;
  ttfbSamples: number;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/**
 * Time from sending the request to the response's status line and headers, which Node parses from the
 * first bytes received (Next.js sends them with the first chunk of the streamed body), and to its end.
 */
function timeResponse(url: string, agent: Agent): Promise<{ firstByteMs: number; fullMs: number }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const since = () => Number(process.hrtime.bigint() - started) / 1e6;
    const request = get(url, { agent }, (response) => {
      const firstByteMs = since();
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: HTTP ${response.statusCode}`));
        return;
      }
      response.on('error', reject);
      response.on('end', () => resolve({ firstByteMs, fullMs: since() }));
      response.resume();
    });
    request.on('error', reject);
  });
}

/** Sequential first-byte timings over one kept-alive connection, until `until` settles. */
async function probeFirstBytes(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let running = true;
  void until.finally(() => {
    running = false;
  });
  const samples: number[] = [];
  try {
    while (running) samples.push((await timeResponse(url, agent)).firstByteMs);
  } finally {
    agent.destroy();
  }
  return samples;
}

/** The page's own time to first byte: `count` sequential requests over one kept-alive connection, nothing else running. */
export async function idleFirstByteP50(url: string, count: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  try {
    for (let i = 0; i < count; i++) samples.push((await timeResponse(url, agent)).firstByteMs);
  } finally {
    agent.destroy();
  }
  return percentile(
    samples.sort((a, b) => a - b),
    0.5,
  );
}

export async function loadPage(url: string, connections: number, seconds: number): Promise<PageLoad> {
  // autocannon's instance is only a thenable: adopt it into a real promise.
  const run = Promise.resolve(autocannon({ url, connections, duration: seconds }));
  const [result, ttfb] = await Promise.all([run, probeFirstBytes(url, run)]);
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  const sorted = [...ttfb].sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    fullP50: result.latency.p50,
    fullP99: result.latency.p99,
    ttfbP50: percentile(sorted, 0.5),
    ttfbP99: percentile(sorted, 0.99),
    ttfbSamples: sorted.length,
  };
}
