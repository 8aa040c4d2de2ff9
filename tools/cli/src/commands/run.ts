import { nextRunnablePeriod, periodOutlook, runRatingPeriod, type PeriodOutlook, type RunReport } from '@ratings/core';
import { CliError, defineCommand } from '../command';
import { withDatabase } from '../database';
import { count, counted, duration } from '../io';
import { createProgress } from '../progress';
import { describeTournament, waitingDraftLines } from '../tournaments';

export const runCommand = defineCommand({
  name: 'run',
  summary: "rate a pool's period and write its rating list as a DRAFT to review",
  description: [
    "Rates every ACCEPTED tournament of the pool that ended by the period's last day with the pool's rating",
    "system, and writes the period's rating list as a DRAFT: entries for every player, rating changes and the",
    'per-game breakdown, in one transaction. A list is named by the month it takes effect, as FIDE names them:',
    '--period 2026-11 rates the tournaments that ended in October 2026 (for a monthly pool). Without --period,',
    "the pool's next period: the one after its latest published list. Running a period again replaces its",
    'draft. Review the draft, then publish it with `ratings publish <list>`.',
    '',
    'A period with no SUBMITTED tournament is refused (exit 1) with the DRAFT tournaments that wait to be',
    'submitted, unless --allow-empty says an empty list is meant. DRAFT tournaments the run leaves out are',
    'named on stderr.',
  ],
  positionals: [],
  options: {
    pool: { type: 'string', value: '<code>', description: 'pool to rate', required: true },
    period: {
      type: 'string',
      value: '<YYYY-MM>',
      description: "month the list takes effect (default: the pool's next period)",
    },
    'allow-empty': { type: 'boolean', description: 'write the list even when no tournament is submitted' },
  },
  examples: ['ratings run --pool standard', 'ratings run --pool standard --period 2026-12'],
  async run({ options }, ctx) {
    const progress = createProgress(ctx.io.stderr);
    await withDatabase(ctx.database, {}, async (db) => {
      const outlook = options.period
        ? await periodOutlook(db.dataSource, options.pool, options.period)
        : await nextRunnablePeriod(db.dataSource, options.pool);
      const period = outlook.period?.period;
      if (period === undefined) throw new CliError(nothingToRun(outlook));
      // A period already published is refused by the run itself, with its reason.
      const alreadyPublished = outlook.lastPublished !== null && period <= outlook.lastPublished;
      if (outlook.accepted.length === 0 && !options['allow-empty'] && !alreadyPublished)
        throw new CliError(nothingToRate(outlook));
      if (outlook.drafts.length > 0)
        progress.log(
          [
            `warning: ${counted(outlook.drafts.length, 'DRAFT tournament')} ended by ${outlook.period!.periodEnd} and will not be rated until submitted:`,
            ...waitingDraftLines(outlook),
          ].join('\n'),
        );
      const started = Date.now();
      progress.status(`Rating pool ${outlook.pool}, period ${period}…`);
      const report = await runRatingPeriod(db.dataSource, { poolCode: outlook.pool, period }, ctx.actor);
      progress.clear();
      progress.log(`Rated pool ${report.pool}, period ${report.period.period} in ${duration(Date.now() - started)}.`);
      ctx.io.stdout.write(`${reportLines(report).join('\n')}\n`);
    });
  },
});

function nothingToRun(outlook: PeriodOutlook): string {
  return [
    `pool ${outlook.pool} has no published list and no ACCEPTED tournament yet: there is no period to rate.`,
    ...draftsWaiting(outlook),
  ].join('\n');
}

function nothingToRate(outlook: PeriodOutlook): string {
  const { period, periodEnd } = outlook.period!;
  return [
    `nothing to rate in pool ${outlook.pool}, period ${period}: no ACCEPTED tournament ended by ${periodEnd}.`,
    ...draftsWaiting(outlook),
    `To write the list without tournaments on purpose: ratings run --pool ${outlook.pool} --period ${period} --allow-empty`,
  ].join('\n');
}

const draftsWaiting = (outlook: PeriodOutlook): string[] => [
  ...(outlook.awaitingReview.length === 0
    ? []
    : [
        `${counted(outlook.awaitingReview.length, 'SUBMITTED tournament')} waiting for review:`,
        ...outlook.awaitingReview.map((t) => `  ${describeTournament(t)}: ratings accept ${t.id}`),
      ]),
  ...(outlook.drafts.length === 0
    ? []
    : [
        `${counted(outlook.drafts.length, 'DRAFT tournament')} waiting to be submitted:`,
        ...waitingDraftLines(outlook),
      ]),
];

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
