/**
 * Runs benchmark suites by name: `node dist/run-all.js [rules|api|run|web|load|import|console|live|year …]`, all registered suites
 * when none is named. A new suite plugs in with one line in SUITES.
 */
import { apiSuite } from './api/api.bench';
import { consoleSuite } from './console/console.bench';
import { importSuite } from './import/import.bench';
import { liveSuite } from './live/live.bench';
import { loadSuite } from './load/load.bench';
import { ratingRulesSuite } from './rules/rating-rules.bench';
import { ratingRunSuite } from './run/rating-run.bench';
import { webSuite } from './web/web.bench';
import { yearSuite } from './year/year.bench';
import type { BenchSuite } from './common/suite';

const SUITES: readonly BenchSuite[] = [
  ratingRulesSuite,
  apiSuite,
  ratingRunSuite,
  webSuite,
  loadSuite,
  importSuite,
  consoleSuite,
  liveSuite,
  yearSuite,
];

async function main(names: readonly string[]): Promise<void> {
  const unknown = names.filter((name) => !SUITES.some((suite) => suite.name === name));
  if (unknown.length > 0) {
    console.error(`unknown bench suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const chosen = names.length === 0 ? SUITES : SUITES.filter((suite) => names.includes(suite.name));
  for (const suite of chosen) {
    console.log(`\n=== ${suite.name}: ${suite.description}`);
    await suite.run();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
