import { createHash } from 'node:crypto';
import { MAX_TRF_CHARACTERS } from '@ratings/contract';
import {
  Game,
  Player,
  Tournament,
  TournamentParticipant,
  insertColumns,
  lockFileImport,
  lockPlayerRegister,
  saveTournamentImportReport,
  setPlayerTitles,
  tournamentImportReport,
} from '@ratings/db';
import { TrfError, extractGames, parseTrf, type TrfDocument, type TrfPairings } from '@ratings/trf';
import type { DataSource, EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit, recordAuditMany } from '../audit/audit.service';
import { DomainError, conflict, invalidInput } from '../errors';
import type { WriteContext } from '../common/actor';
import { runTransaction, snapshot } from '../common/database';
import { optionalText, requiredText } from '../common/validate';

type Db = DataSource | EntityManager;
import { poolByCode } from '../reading/lists';
import { isVisibleTo } from '../reading/visibility';
import { refuseUnratableDate } from '../tournaments/tournament.validation';
import { creatorOf } from '../tournaments/tournaments.service';
import { matchPlayers, type PlayerMatch } from './player-matching';
import { startRatingsFromFile, type RatingsFromFileReport } from './ratings-from-file';
import {
  planImport,
  type ImportPlan,
  type ImportWarning,
  type PlannedPlayer,
  type SkippedEntry,
} from './trf-import-plan';

/** Tournaments.source_file_name's length. */
const MAX_FILE_NAME = 255;
/** Largest file accepted (10 MiB characters): a contract value, the site checks a file against it before sending. */
export { MAX_TRF_CHARACTERS };

export interface ImportTrfInput {
  readonly poolCode: string;
  /** The file's text (UTF-8 decoded). */
  readonly content: string;
  readonly fileName?: string | null;
  /**
   * Start the players the pool has never rated from the ratings the file writes (startRatingsFromFile). Null or
   * absent: the pool's own setting (`ratingsFromFile`, off by default); true needs the lists:publish permission.
   */
  readonly ratingsFromFile?: boolean | null;
}

export type MatchedBy = PlayerMatch['by'];

export interface ImportReport {
  readonly tournamentId: number;
  readonly status: 'IMPORTED' | 'ALREADY_IMPORTED';
  readonly players: {
    readonly matched: readonly { readonly startRank: number; readonly playerId: number; readonly by: MatchedBy }[];
    readonly created: readonly { readonly startRank: number; readonly playerId: number }[];
  };
  /** Rows written to games: played over the board (rated), board results not played (W/D/L), forfeits, byes. */
  readonly games: {
    readonly played: number;
    readonly unplayed: number;
    readonly forfeits: number;
    readonly byes: number;
  };
  /** Entries of the file left out, each with its line and why. */
  readonly skipped: readonly SkippedEntry[];
  readonly warnings: readonly ImportWarning[];
  /** What the file's ratings started, when the import used them (null: not asked for). */
  readonly ratingsFromFile: RatingsFromFileReport | null;
}

/**
 * Imports a TRF16 / TRF-2026 file as a DRAFT tournament of the pool, for an officer to review and submit.
 *
 * Players are matched by FIDE id, then national id (TRF-2026 national rating records), then surname, given
 * name and birth date (accents and case ignored); the others are created. One transaction: the import lands
 * whole or not at all. The same file again (same SHA-256, same pool) changes nothing and reports
 * ALREADY_IMPORTED with the existing tournament. Files exported by lichess.org are refused: their players are
 * lichess accounts, not federation members (README, "imports").
 */
export async function importTrf(db: DataSource, input: ImportTrfInput, ctx: WriteContext): Promise<ImportReport> {
  authorize(ctx, 'tournaments:enter');
  authorize(ctx, 'players:create');
  const poolCode = requiredText('poolCode', input.poolCode, 32);
  const fileName = optionalText('fileName', input.fileName, MAX_FILE_NAME);
  if (input.ratingsFromFile === true) authorize(ctx, 'lists:publish');
  if (typeof input.content !== 'string' || input.content.trim() === '')
    throw invalidInput('content', 'the file is empty');
  if (input.content.length > MAX_TRF_CHARACTERS) {
    throw invalidInput(
      'content',
      `the file has ${input.content.length} characters, more than the ${MAX_TRF_CHARACTERS} a tournament report can need`,
    );
  }
  const { document, pairings } = readTrf(input.content, fileName);
  refuseLichess(document);
  const plan = planImport(document, pairings, fileName);
  const sha256 = createHash('sha256').update(input.content, 'utf8').digest('hex');

  return runTransaction(db, async (manager) => {
    const pool = await poolByCode(manager, poolCode);
    refuseUnratableDate(pool, plan.tournament.endDate, 'content');
    // Two imports of the same file into the same pool at once: the second waits, then finds the first.
    await lockFileImport(manager, pool.id, sha256);
    const existing = await manager.getRepository(Tournament).findOneBy({ poolId: pool.id, sourceSha256: sha256 });
    if (existing) {
      // Another arbiter's draft stays hidden: neither its id nor its name are given.
      if (!isVisibleTo(ctx.actor, existing))
        throw conflict('this file was already imported into the pool by another staff member: nothing was changed');
      return alreadyImported(existing);
    }

    await lockPlayerRegister(manager);
    const matches = await matchPlayers(manager, plan.players);
    refuseSharedPlayers(plan.players, matches);
    const created = await createPlayers(
      manager,
      plan.players.filter((player) => !matches.has(player.startRank)),
    );
    const playerIds = new Map<number, number>([
      ...[...matches].map(([rank, match]): [number, number] => [rank, match.playerId]),
      ...created,
    ]);

    const repository = manager.getRepository(Tournament);
    const saved = await repository.save(
      repository.create({
        ...plan.tournament,
        poolId: pool.id,
        status: 'DRAFT',
        createdByStaffId: creatorOf(ctx),
        sourceSha256: sha256,
        sourceFileName: fileName,
      }),
    );
    const tournament = await repository.findOneByOrFail({ id: saved.id });
    await insertColumns(manager, TournamentParticipant, {
      tournamentId: plan.players.map(() => tournament.id),
      playerId: plan.players.map((player) => playerIds.get(player.startRank) as number),
      startRank: plan.players.map((player) => player.startRank),
      ratingAtStart: plan.players.map((player) => player.ratingAtStart),
      points: plan.players.map((player) => player.points),
    });
    await insertColumns(manager, Game, {
      tournamentId: plan.games.map(() => tournament.id),
      round: plan.games.map((game) => game.round),
      whitePlayerId: plan.games.map((game) => playerIds.get(game.white) as number),
      blackPlayerId: plan.games.map((game) => (game.black === null ? null : (playerIds.get(game.black) as number))),
      result: plan.games.map((game) => game.result),
      played: plan.games.map((game) => game.played),
      playedOn: plan.games.map((game) => game.playedOn),
    });

    const report: ImportReport = {
      tournamentId: tournament.id,
      status: 'IMPORTED',
      players: {
        matched: [...matches]
          .map(([startRank, match]) => ({ startRank, playerId: match.playerId, by: match.by }))
          .sort((a, b) => a.startRank - b.startRank),
        created: [...created]
          .map(([startRank, playerId]) => ({ startRank, playerId }))
          .sort((a, b) => a.startRank - b.startRank),
      },
      games: countGames(plan),
      skipped: plan.skipped,
      warnings: plan.warnings,
      ratingsFromFile:
        (input.ratingsFromFile ?? pool.ratingsFromFile)
          ? await startRatingsFromFile(
              manager,
              pool,
              tournament,
              plan.players.map((player) => ({
                playerId: playerIds.get(player.startRank) as number,
                rating: player.ratingAtStart,
              })),
              fileName,
              ctx,
            )
          : null,
    };
    const { tournamentId: _id, status: _status, ...stored } = report;
    await saveTournamentImportReport(manager, tournament.id, stored);
    await recordAudit(manager, ctx, {
      action: 'importTrf',
      entityType: 'Tournament',
      entityId: tournament.id,
      after: {
        tournament: snapshot(tournament),
        players: report.players,
        games: report.games,
        skipped: report.skipped.length,
      },
    });
    await recordAuditMany(
      manager,
      ctx,
      report.players.created.map(({ startRank, playerId }) => ({
        action: 'importTrf',
        entityType: 'Player',
        entityId: playerId,
        after: {
          ...playerColumns(plan.players.find((player) => player.startRank === startRank) as PlannedPlayer),
          tournamentId: tournament.id,
        },
      })),
    );
    return report;
  });
}

function readTrf(content: string, fileName: string | null): { document: TrfDocument; pairings: TrfPairings } {
  try {
    const document = parseTrf(content);
    return { document, pairings: extractGames(document) };
  } catch (error) {
    if (!(error instanceof TrfError)) throw error;
    const file = fileName === null ? 'the file' : fileName;
    // The message already starts "line L, column C: …"; details carry them for the client to point at.
    throw new DomainError('BAD_USER_INPUT', `content: ${file} is not a valid TRF: ${error.message}`, {
      argument: 'content',
      line: error.line,
      column: error.column,
      trfCode: error.code,
    });
  }
}

/**
 * lichess.org's exports name players by their lichess account, rate them with lichess ratings, and give no FIDE
 * id, national id or birth date: nothing links them to the federation's players, and importing them would fill
 * the player register with accounts that can never be matched again. Refused, saying so.
 */
function refuseLichess(document: TrfDocument): void {
  if (document.dialect !== 'lichess') return;
  const withIdentity = document.players.filter((player) => player.fideId !== null || player.birthDate !== null).length;
  throw new DomainError(
    'BAD_USER_INPUT',
    `content: this is a lichess.org export: its ${document.players.length} players are lichess accounts with lichess ratings ` +
      `(${withIdentity} with a FIDE id or birth date), which cannot be matched to the federation's players, so it is not imported. ` +
      `Record the tournament from the arbiter's pairing program, or by hand with the federation's players.`,
    { argument: 'content', dialect: 'lichess' },
  );
}

/** Two start ranks of the file resolving to one player of ours: the file lists someone twice, or matching went wrong. */
function refuseSharedPlayers(players: readonly PlannedPlayer[], matches: ReadonlyMap<number, PlayerMatch>): void {
  const byPlayer = new Map<number, PlannedPlayer>();
  for (const player of players) {
    const match = matches.get(player.startRank);
    if (!match) continue;
    const first = byPlayer.get(match.playerId);
    if (first) {
      throw conflict(
        `content: players ${first.startRank} (line ${first.line}) and ${player.startRank} (line ${player.line}) of the file are both our player ${match.playerId}: correct the file or merge the players first`,
        { playerId: match.playerId, lines: [first.line, player.line] },
      );
    }
    byPlayer.set(match.playerId, player);
  }
}

function playerColumns(player: PlannedPlayer) {
  const { surname, givenName, sex, birthDate, birthYear, federation, fideId, nationalId } = player;
  return {
    surname,
    givenName,
    sex,
    birthDate,
    birthYear,
    federation,
    fideId,
    nationalId,
    titles: player.title === null ? [] : [player.title],
  };
}

/**
 * Creates the players nobody matched, set-based, and returns start rank → new id. RETURNING gives no promised
 * order, so rows are matched back by all the values inserted: rows equal in all of them are interchangeable.
 */
async function createPlayers(manager: EntityManager, players: readonly PlannedPlayer[]): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (players.length === 0) return ids;
  const rows = players.map(playerColumns);
  const { rows: inserted } = await insertColumns(
    manager,
    Player,
    {
      surname: rows.map((row) => row.surname),
      givenName: rows.map((row) => row.givenName),
      sex: rows.map((row) => row.sex),
      birthDate: rows.map((row) => row.birthDate),
      birthYear: rows.map((row) => row.birthYear),
      federation: rows.map((row) => row.federation),
      fideId: rows.map((row) => row.fideId),
      nationalId: rows.map((row) => row.nationalId),
    },
    {
      returning: ['id', 'surname', 'givenName', 'sex', 'birthDate', 'birthYear', 'federation', 'fideId', 'nationalId'],
    },
  );
  const key = (row: Partial<Player>) =>
    JSON.stringify([
      row.surname,
      row.givenName,
      row.sex,
      row.birthDate,
      row.birthYear,
      row.federation?.trim() ?? null,
      row.fideId,
      row.nationalId,
    ]);
  const waiting = new Map<string, number[]>();
  for (const row of inserted) waiting.set(key(row), [...(waiting.get(key(row)) ?? []), row.id as number]);
  players.forEach((player, index) => {
    const id = waiting.get(key(rows[index]))?.shift();
    if (id === undefined) throw new Error(`imported player ${player.startRank} was not returned by the insert`);
    ids.set(player.startRank, id);
  });
  const titled = players.filter((player) => player.title !== null);
  await setPlayerTitles(
    manager,
    titled.map((player) => ids.get(player.startRank)!),
    titled.map((player) => [player.title!]),
  );
  return ids;
}

function countGames(plan: ImportPlan): ImportReport['games'] {
  const counts = { played: 0, unplayed: 0, forfeits: 0, byes: 0 };
  for (const game of plan.games) {
    if (game.black === null) counts.byes += 1;
    else if (game.played) counts.played += 1;
    else if (['1-0', '0-1', '1/2-1/2'].includes(game.result)) counts.unplayed += 1;
    else counts.forfeits += 1;
  }
  return counts;
}

/** What a tournament's TRF import did, kept with it; null for a tournament typed in by hand. */
export async function tournamentImportReportOf(db: Db, tournamentId: number): Promise<ImportReport | null> {
  const stored = await tournamentImportReport(db, tournamentId);
  return stored === null ? null : ({ ...stored, tournamentId, status: 'IMPORTED' } as unknown as ImportReport);
}

function alreadyImported(existing: Tournament): ImportReport {
  return {
    tournamentId: existing.id,
    status: 'ALREADY_IMPORTED',
    players: { matched: [], created: [] },
    games: { played: 0, unplayed: 0, forfeits: 0, byes: 0 },
    skipped: [],
    warnings: [
      {
        code: 'ALREADY_IMPORTED',
        message: `this file was already imported as tournament ${existing.id} (${existing.name}, ${existing.status}) on ${existing.createdAt.toISOString().slice(0, 10)}: nothing was changed`,
        line: null,
        count: 1,
      },
    ],
    ratingsFromFile: null,
  };
}
