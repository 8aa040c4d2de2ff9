import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import {
  anyListPeriod,
  columnCopy,
  deleteImportRows,
  importConflicts,
  importedListWithDigest,
  importRowsSummary,
  importSkips,
  ListImportRow,
  lockPlayerRegister,
  prepareImportMatching,
  matchImportRowsByIdentifier,
  matchImportRowsByNameBirth,
  RatingList,
  skipRepeatedIdentifiers,
  skipRepeatedPlayers,
  writeImportedPlayersAndEntries,
  type BulkColumns,
  type ImportConflictRow,
  type Pool,
} from '@ratings/db';
import {
  LIST_FORMATS,
  ListError,
  RATING_CONTROLS,
  readRatingList,
  type ListFormat,
  type ListRow,
  type ListSource,
  type RatingControl,
} from '@ratings/lists';
import { getRatingSystem, ratingPeriod } from '@ratings/rating-rules';
import { recordAudit } from '../audit';
import { authorize } from '../auth';
import { conflict, DomainError, invalidInput } from '../errors';
import { poolCategories } from '../reading/categories';
import { poolByCode } from '../reading/lists';
import { createStartingDraft } from '../ratings/import-ratings';
import { lockPoolRuns } from '../ratings/run-rating-period';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { phaseTimer } from '../common/phases';
import { refreshLiveRatings } from '../ratings/live-ratings';

export { LIST_FORMATS, RATING_CONTROLS, type ListFormat, type RatingControl };

/** Skipped and conflicting lines listed in a report, at most (the counts are always complete). */
export const REPORT_LINES = 1_000;

export interface ImportListInput {
  poolCode: string;
  format: ListFormat;
  /** Which columns of a combined FIDE file feed the pool (default standard). */
  control?: RatingControl;
  /** 'YYYY-MM-01': when the list takes effect; default the month the file names (FIDE's OCT26). */
  effectiveDate?: string | null;
  /** The file, chunk by chunk (a file or request stream, or `[content]`). */
  source: ListSource;
}

/**
 * Phases of a list import, reported as they end (the benchmark times them): the file read and staged, its rows
 * matched to players, players and entries written, the report and the live ratings.
 */
export type ListImportPhase = 'stage' | 'match' | 'write' | 'report';

export interface ListImportOptions {
  onPhase?: (phase: ListImportPhase, milliseconds: number) => void;
}

export interface ListImportReport {
  status: 'IMPORTED' | 'ALREADY_IMPORTED';
  listId: number;
  pool: string;
  period: string;
  effectiveDate: string;
  /** Player lines read. */
  rows: number;
  matched: { byFideId: number; byNationalId: number; byNameBirth: number };
  created: number;
  skipped: { count: number; lines: { line: number; reason: string }[] };
  /** Found by FIDE id, but the name differs from ours: imported onto our player, listed for review. */
  conflicting: { count: number; lines: ImportConflictRow[] };
}

/** Thrown inside the transaction to roll it back when the file was imported already; caught outside. */
class AlreadyImported extends Error {
  constructor(readonly report: ListImportReport) {
    super('already imported');
  }
}

/**
 * A federation's existing rating list (FIDE TXT or XML, or the platform's own CSV) becomes a new pool's
 * starting list: a published revision-0 list, as the demo's. The file streams through: read in batches, copied
 * into a staging table (COPY), then matched, created and written set-based, in one transaction, so a file
 * refused at its last line leaves nothing. The same file again (same SHA-256) changes nothing.
 */
export async function importRatingListFile(
  db: DataSource,
  input: ImportListInput,
  ctx: WriteContext,
  options: ListImportOptions = {},
): Promise<ListImportReport> {
  authorize(ctx, 'lists:publish');
  if (!(LIST_FORMATS as readonly string[]).includes(input.format))
    throw invalidInput('format', `"${input.format}" is not a list format (${LIST_FORMATS.join(', ')})`);
  const control = input.control ?? 'standard';
  if (!(RATING_CONTROLS as readonly string[]).includes(control))
    throw invalidInput('control', `"${control}" is not a control (${RATING_CONTROLS.join(', ')})`);
  const effective = input.effectiveDate ?? null;
  if (effective !== null && !/^\d{4}-(0[1-9]|1[0-2])-01$/.test(effective))
    throw invalidInput(
      'effective',
      `"${effective}" is not the first day of a month (YYYY-MM-01): lists take effect on the 1st`,
    );

  try {
    return await runTransaction(db, (manager) =>
      importInTransaction(manager, input, control, effective, ctx, phaseTimer(options.onPhase)),
    );
  } catch (error) {
    if (error instanceof AlreadyImported) return error.report;
    throw error;
  }
}

async function importInTransaction(
  manager: EntityManager,
  input: ImportListInput,
  control: RatingControl,
  effective: string | null,
  ctx: WriteContext,
  phaseDone: (phase: ListImportPhase) => void,
): Promise<ListImportReport> {
  const pool = await poolByCode(manager, input.poolCode);
  await lockPoolRuns(manager, pool);
  const hash = createHash('sha256');
  const source = hashed(input.source, hash);
  const existing = await anyListPeriod(manager, pool.id);
  if (existing) return alreadyImported(manager, pool, existing, source, hash);

  const latestBirthYear = Number((effective ?? new Date().toISOString()).slice(0, 4));
  const skipped: { line: number; reason: string }[] = [];
  let skippedUnrated = 0;
  let rows = 0;
  let list: RatingList | null = null;
  // One COPY for the whole file, fed a batch at a time: PostgreSQL stores rows on one core while the file is
  // parsed on the other. The statement starts with the first rows, once the draft exists.
  const staging = columnCopy(manager, ListImportRow);
  try {
    for await (const batch of readRatingList(source, { format: input.format, control, latestBirthYear })) {
      list ??= await createDraft(manager, pool, effective ?? (batch.month ? `${batch.month}-01` : null));
      rows += batch.rows.length;
      const rated = batch.rows.filter((row) => {
        if (row.rating !== null) return true;
        skippedUnrated++;
        if (skipped.length < REPORT_LINES) skipped.push({ line: row.line, reason: `not rated (${control})` });
        return false;
      });
      await staging.write(stagedColumns(list.id, rated));
    }
    await staging.end();
  } catch (error) {
    // The copy in progress is given up before the transaction can be rolled back.
    await staging.abort(error as Error);
    if (error instanceof ListError)
      throw new DomainError('BAD_USER_INPUT', `content: not a valid ${input.format} list: ${error.message}`, {
        argument: 'content',
        line: error.line,
        column: error.column,
        field: error.field,
        listCode: error.code,
      });
    throw error;
  }
  if (list === null) throw new Error('readRatingList yields at least one batch');
  phaseDone('stage');

  await lockPlayerRegister(manager);
  await prepareImportMatching(manager);
  await skipRepeatedIdentifiers(manager, list.id);
  await matchImportRowsByIdentifier(manager, list.id);
  await matchImportRowsByNameBirth(manager, list.id);
  await skipRepeatedPlayers(manager, list.id);
  phaseDone('match');
  const system = getRatingSystem(pool.ratingSystemId);
  const totals = await writeImportedPlayersAndEntries(manager, list, {
    glicko: system.uses.deviation,
    categories: poolCategories(pool).map(({ code, min }) => ({ code, min })),
  });
  phaseDone('write');
  const summary = await importRowsSummary(manager, list.id);
  const stagedSkips = await importSkips(manager, list.id, REPORT_LINES);
  const conflicts = await importConflicts(manager, list.id, REPORT_LINES);
  await deleteImportRows(manager, list.id);
  const digest = hash.digest('hex');
  await manager.update(
    RatingList,
    { id: list.id },
    {
      sourceDigest: digest,
      entryCount: totals.entries,
      listedCount: totals.listed,
      status: 'PUBLISHED',
      publishedAt: new Date(),
      publishedById: ctx.actor.kind === 'staff' ? ctx.actor.staffId : null,
    },
  );
  const report: ListImportReport = {
    status: 'IMPORTED',
    listId: list.id,
    pool: pool.code,
    period: list.period,
    effectiveDate: list.effectiveDate,
    rows,
    matched: {
      byFideId: summary.matchedByFideId,
      byNationalId: summary.matchedByNationalId,
      byNameBirth: summary.matchedByNameBirth,
    },
    created: summary.created,
    skipped: {
      count: skippedUnrated + summary.skipped,
      lines: [...skipped, ...stagedSkips].sort((a, b) => a.line - b.line).slice(0, REPORT_LINES),
    },
    conflicting: { count: summary.conflicting, lines: conflicts },
  };
  await recordAudit(manager, ctx, {
    action: 'importRatingList',
    entityType: 'RatingList',
    entityId: list.id,
    before: null,
    after: { pool: pool.code, period: list.period, format: input.format, control, sha256: digest, ...summary },
  });
  await refreshLiveRatings(manager, pool.id);
  phaseDone('report');
  return report;
}

/** The pool already has a list: the same file again is reported as such, anything else is refused. */
async function alreadyImported(
  manager: EntityManager,
  pool: Pool,
  existingPeriod: string,
  source: AsyncIterable<string | Uint8Array>,
  hash: ReturnType<typeof createHash>,
): Promise<never> {
  for await (const chunk of source) void chunk; // the digest needs the whole file
  const same = await importedListWithDigest(manager, pool.id, hash.digest('hex'));
  if (!same)
    throw conflict(
      `pool ${pool.code} already has a list (${existingPeriod}): a rating list can only be imported into a new pool`,
    );
  const list = await manager.getRepository(RatingList).findOneByOrFail({ id: same.id });
  throw new AlreadyImported({
    status: 'ALREADY_IMPORTED',
    listId: list.id,
    pool: pool.code,
    period: list.period,
    effectiveDate: list.effectiveDate,
    rows: 0,
    matched: { byFideId: 0, byNationalId: 0, byNameBirth: 0 },
    created: 0,
    skipped: { count: 0, lines: [] },
    conflicting: { count: 0, lines: [] },
  });
}

async function createDraft(manager: EntityManager, pool: Pool, effectiveDate: string | null): Promise<RatingList> {
  if (effectiveDate === null)
    throw invalidInput('effective', 'the file names no month: give the date the list takes effect (YYYY-MM-01)');
  return createStartingDraft(manager, pool, ratingPeriod(effectiveDate.slice(0, 7), pool.periodMonths));
}

/** The staged rows' columns for one batch of the file. */
function stagedColumns(listId: number, rows: readonly ListRow[]): BulkColumns<ListImportRow> {
  const column = <T>(pick: (row: ListRow) => T) => rows.map(pick);
  return {
    listId: new Int32Array(rows.length).fill(listId),
    line: Int32Array.from(rows, (row) => row.line),
    fideId: column((row) => row.fideId),
    nationalId: column((row) => row.nationalId),
    surname: column((row) => row.surname),
    givenName: column((row) => row.givenName),
    federation: column((row) => row.federation),
    sex: column((row) => row.sex),
    titles: column((row) => row.titles.join(' ')),
    birthYear: column((row) => row.birthYear),
    club: column((row) => row.club),
    rating: column((row) => row.rating),
    gamesInPeriod: Int32Array.from(rows, (row) => row.gamesInPeriod),
    gamesTotal: column((row) => row.gamesTotal),
    k: column((row) => row.k),
    provisional: column((row) => row.provisional),
    listed: column((row) => row.listed),
    inactive: column((row) => row.inactive),
  };
}

/** The source as it passes, fed to the hash: the digest is ready when the file has been read. */
async function* hashed(source: ListSource, hash: ReturnType<typeof createHash>): AsyncGenerator<string | Uint8Array> {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk;
  }
}
