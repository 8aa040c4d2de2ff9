import { runRatingPeriod, type RunReport } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';
import { count, duration } from '../io';
import { createProgress } from '../progress';

export const runCommand = defineCommand({
  name: 'run',
  summary: "rate a pool's period and write its rating list as a DRAFT to review",
  description: [
    "Rates every ACCEPTED tournament of the pool that ended by the period's last day with the pool's rating",
    "system, and writes the period's rating list as a DRAFT: entries for every player, rating changes and the",
    'per-game breakdown, in one transaction. A list is named by the month it takes effect, as FIDE names them:',
    '--period 2026-11 rates the tournaments that ended in October 2026. Running a period again replaces its',
    'draft. Review the draft, then publish it with `ratings publish <list>`.',
  ],
  positionals: [],
  options: {
    pool: { type: 'string', value: '<code>', description: 'pool to rate', required: true },
    period: { type: 'string', value: '<YYYY-MM>', description: 'month the list takes effect', required: true },
  },
  examples: ['ratings run --pool standard --period 2026-11'],
  async run({ options }, ctx) {
    const progress = createProgress(ctx.io.stderr);
    await withDatabase(ctx.database, {}, async (db) => {
      const started = Date.now();
      progress.status(`Rating pool ${options.pool}, period ${options.period}…`);
      const report = await runRatingPeriod(
        db.dataSource,
        { poolCode: options.pool, period: options.period },
        ctx.actor,
      );
      progress.clear();
      progress.log(`Rated pool ${report.pool}, period ${report.period.period} in ${duration(Date.now() - started)}.`);
      ctx.io.stdout.write(`${reportLines(report).join('\n')}\n`);
    });
  },
});

export function reportLines(report: RunReport): string[] {
  const { period } = report;
  return [
    `Rating list ${report.listId}: pool ${report.pool}, period ${period.period} (effective ${period.effectiveDate}), DRAFT${report.replacedDraft ? ', replacing the previous draft' : ''}`,
    `  games from   ${period.periodStart} to ${period.periodEnd}`,
    `  tournaments  ${count(report.tournaments)}`,
    `  games        ${count(report.games)} rated`,
    `  players      ${count(report.players)} (${count(report.listed)} listed)`,
    `  changes      ${count(report.changes)} rating changes, ${count(report.gameRows)} per-game rows`,
    `The list is a DRAFT: review it (ratings export ${report.listId} --draft --format csv --out ${report.pool}-${period.period}-draft.csv), then publish it:`,
    `  ratings publish ${report.listId}`,
  ];
}
