import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  importTrf,
  submitTournament,
  tournamentRatingPeriod,
  tournamentsByIds,
  type ImportReport,
  type RatingsDataSource,
  type Tournament,
} from '@ratings/core';
import { CliError, defineCommand } from '../command';
import { withDatabase } from '../database';
import { count, counted } from '../io';

export const importTrfCommand = defineCommand({
  name: 'import-trf',
  summary: 'import a tournament report file (TRF16 or TRF-2026) into a pool',
  description: [
    'Imports a tournament from the FIDE report file a pairing program writes (TRF16, or TRF-2026). Players are',
    'matched by FIDE id, then national id, then name and birth date; the others are created. The tournament',
    'lands as a DRAFT for the rating officer to review and submit (`ratings submit <id>`), or ACCEPTED at once',
    'with --submit. Prints the import report, the rating period the tournament falls in and the next command.',
    'The same file imported again into the same pool imports nothing; with --submit it still submits a DRAFT,',
    'and says so. The file may be UTF-8 or Latin-1.',
  ],
  positionals: [{ name: 'file', description: 'the .trf file' }],
  options: {
    pool: { type: 'string', value: '<code>', description: 'pool the tournament is rated in', required: true },
    submit: { type: 'boolean', description: 'submit it for the rating run of its period once imported' },
    'ratings-from-file': {
      type: 'boolean',
      description: "start the players the pool has never rated from the file's ratings (see the README)",
    },
    quiet: { type: 'boolean', short: 'q', description: 'print only the tournament id (for scripts)' },
  },
  examples: [
    'ratings import-trf open-2026.trf --pool standard',
    'ratings import-trf rapid-2026-10.trf --pool rapid --submit',
    'ratings import-trf open-2026.trf --pool new-pool --ratings-from-file',
    'TOURNAMENT=$(ratings import-trf open-2026.trf --pool standard --quiet)',
  ],
  async run({ options, positionals: [file] }, ctx) {
    const content = decodeTrf(await readFileOrExplain(file));
    await withDatabase(ctx.database, {}, async (db) => {
      const report = await importTrf(
        db.dataSource,
        {
          poolCode: options.pool,
          content,
          fileName: basename(file),
          // Absent: the pool's own setting decides.
          ratingsFromFile: options['ratings-from-file'] ? true : null,
        },
        ctx.actor,
      );
      const [found] = await tournamentsByIds(db.dataSource, [report.tournamentId]);
      let tournament = found!;
      const submitsNow = options.submit && tournament.status === 'DRAFT';
      if (submitsNow) tournament = await submitTournament(db.dataSource, { tournamentId: tournament.id }, ctx.actor);
      if (options.quiet) {
        ctx.io.stdout.write(`${tournament.id}\n`);
        return;
      }
      const lines =
        report.status === 'ALREADY_IMPORTED'
          ? [
              `${basename(file)} was already imported into pool ${options.pool} as tournament ${tournament.id} "${tournament.name}": nothing imported again.`,
            ]
          : importLines(report, basename(file), options.pool, tournament.name);
      if (submitsNow) lines.push(`Submitted tournament ${tournament.id}: DRAFT → ${tournament.status}.`);
      else if (options.submit)
        lines.push(`Tournament ${tournament.id} was already ${tournament.status}: not submitted again.`);
      lines.push(...(await nextStepLines(db.dataSource, options.pool, tournament)));
      ctx.io.stdout.write(`${lines.join('\n')}\n`);
    });
  },
});

/** The period the tournament falls in and what to type next: submit it, run its period, or nothing left. */
async function nextStepLines(db: RatingsDataSource, poolCode: string, tournament: Tournament): Promise<string[]> {
  if (tournament.status === 'RATED')
    return [`Tournament ${tournament.id} is RATED (list ${tournament.ratedInListId}): nothing left to do.`];
  const { period, periodStart, periodEnd } = await tournamentRatingPeriod(db, tournament);
  const late = tournament.endDate < periodStart ? ', late: it ended before that period and goes into its run' : '';
  const where = `It ended on ${tournament.endDate}: it falls in period ${period} of pool ${poolCode} (games from ${periodStart} to ${periodEnd}${late}).`;
  const run = `ratings run --pool ${poolCode} --period ${period}`;
  return tournament.status === 'DRAFT'
    ? [
        where,
        `Tournament ${tournament.id} is a DRAFT: review it, then submit it and rate the period:`,
        `  ratings submit ${tournament.id}`,
        `  ${run}`,
      ]
    : [where, `Tournament ${tournament.id} is ${tournament.status}: rate its period with`, `  ${run}`];
}

function importLines(report: ImportReport, file: string, pool: string, name: string): string[] {
  const { matched, created } = report.players;
  const by = (how: string) => matched.filter((match) => match.by === how).length;
  const { played, unplayed, forfeits, byes } = report.games;
  return [
    `Imported ${file} into pool ${pool} as tournament ${report.tournamentId} "${name}":`,
    `  players   ${count(matched.length + created.length)}: ${count(matched.length)} matched (${by('FIDE_ID')} by FIDE id, ${by('NATIONAL_ID')} by national id, ${by('NAME_BIRTH')} by name and birth date), ${count(created.length)} created`,
    `  games     ${count(played)} played, ${count(unplayed)} decided without play, ${counted(forfeits, 'forfeit')}, ${counted(byes, 'bye')}`,
    ...report.skipped.map((entry) => `  skipped   ${entry.line === null ? '' : `line ${entry.line}: `}${entry.reason}`),
    // A warning's message names the line of its first occurrence.
    ...report.warnings.map((warning) => `  warning   ${warning.code} ×${warning.count}: ${warning.message}`),
    ...ratingsFromFileLines(report),
  ];
}

/** What --ratings-from-file (or the pool's setting) did: the starting list it wrote, or why it wrote none. */
function ratingsFromFileLines({ ratingsFromFile: started }: ImportReport): string[] {
  if (started === null) return [];
  if (started.listId === null) return [`  ratings   none taken from the file: ${started.reason}`];
  const list = started.revision === 0 ? 'starting list' : `starting list, revision ${started.revision}`;
  return [
    `  ratings   ${counted(started.players, 'player')} rated from the file: published list ${started.listId} (${list} ${started.period})`,
  ];
}

async function readFileOrExplain(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new CliError(
      `cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message}`,
    );
  }
}

/** UTF-8 when the bytes are valid UTF-8 (a byte order mark dropped), else Latin-1, which older pairing programs write. */
export function decodeTrf(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return Buffer.from(bytes).toString('latin1');
  }
}
