import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { importRatingListFile, type ListFormat, type ListImportReport, type RatingControl } from '@ratings/core';
import { CliError, defineCommand } from '../command';
import { withDatabase } from '../database';
import { count } from '../io';

export const importListCommand = defineCommand({
  name: 'import-list',
  summary: "import a federation's existing rating list (FIDE TXT or XML, or this platform's CSV) into a new pool",
  description: [
    "Makes a file of ratings the pool's starting list: a published list from which the first run rates. Players are",
    'matched by FIDE id, then national id, then name and birth year; the others are created. The file is read as a',
    'stream, and nothing is imported when any line is refused (the error names its line and column). The same file',
    'imported again into the same pool changes nothing. Only for a pool without any list yet.',
  ],
  positionals: [{ name: 'file', description: 'the list file' }],
  options: {
    pool: { type: 'string', value: '<code>', description: 'the new pool', required: true },
    format: { type: 'string', value: 'fide-txt|fide-xml|csv', description: 'the file format', required: true },
    control: {
      type: 'string',
      value: 'standard|rapid|blitz',
      description: 'which ratings of a combined FIDE file feed the pool (default standard)',
    },
    effective: {
      type: 'string',
      value: 'YYYY-MM-DD',
      description: "when the list takes effect, the 1st of a month (default: the month FIDE's single lists name)",
    },
  },
  examples: [
    'ratings import-list players_list_foa.txt --pool standard --format fide-txt --effective 2026-10-01',
    'ratings import-list players_list_foa.txt --pool rapid --format fide-txt --control rapid --effective 2026-10-01',
    'ratings import-list standard-2026-11.csv --pool standard --format csv --effective 2026-11-01',
  ],
  async run({ options, positionals: [file] }, ctx) {
    await stat(file).catch((error: { code?: string }) => {
      throw new CliError(`cannot read ${file}: ${error.code === 'ENOENT' ? 'no such file' : String(error.code)}`);
    });
    await withDatabase(ctx.database, {}, async (db) => {
      const report = await importRatingListFile(
        db.dataSource,
        {
          poolCode: options.pool,
          format: options.format as ListFormat,
          control: options.control as RatingControl | undefined,
          effectiveDate: options.effective ?? null,
          source: createReadStream(file),
        },
        ctx.actor,
      );
      ctx.io.stdout.write(`${reportLines(report, basename(file)).join('\n')}\n`);
    });
  },
});

export function reportLines(report: ListImportReport, file: string): string[] {
  if (report.status === 'ALREADY_IMPORTED')
    return [
      `${file} was already imported into pool ${report.pool} as list ${report.listId} (${report.period}): nothing changed.`,
    ];
  const { byFideId, byNationalId, byNameBirth } = report.matched;
  return [
    `Imported ${file} into pool ${report.pool} as list ${report.listId} (${report.period}, in force from ${report.effectiveDate}, PUBLISHED):`,
    `  players      ${count(report.rows)} read: ${count(byFideId + byNationalId + byNameBirth)} matched (${count(byFideId)} by FIDE id, ${count(byNationalId)} by national id, ${count(byNameBirth)} by name and birth year), ${count(report.created)} created, ${count(report.skipped.count)} skipped, ${count(report.conflicting.count)} conflicting`,
    ...report.conflicting.lines.map(
      (entry) =>
        `  conflicting  line ${entry.line}: FIDE id ${entry.fideId} is "${entry.nameInFile}" in the file but "${entry.registeredName}" (player ${entry.playerId}) here; rated as player ${entry.playerId}`,
    ),
    ...report.skipped.lines.map((entry) => `  skipped      line ${entry.line}: ${entry.reason}`),
  ];
}
