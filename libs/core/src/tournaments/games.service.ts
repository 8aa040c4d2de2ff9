import { Game, gameSeats, insertColumns, participantIds, type GameResult, type Tournament } from '@ratings/db';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { authorize } from '../auth/permissions';
import { recordAudit } from '../audit/audit.service';
import { invalidInput } from '../errors';
import { resolvePlayerIds } from '../players/players.service';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { entityId, optionalIsoDate, optionalWholeNumber, wholeNumber } from '../common/validate';
import { MAX_ROUNDS, gameResult, isBoardResult, isBye } from './tournament.validation';
import { lockDraftTournament } from './tournaments.service';

/** games.board is a smallint. */
const MAX_BOARD = 32_767;

export interface GameInput {
  readonly round: number;
  readonly board?: number | null;
  /** Player ids: white, or the player receiving a bye. */
  readonly white: number;
  /** Null exactly for byes. */
  readonly black?: number | null;
  /** '1-0', '0-1', '½-½' or '1/2-1/2', '+/-', '-/+', '-/-', or a bye: 'BYE_PAB', 'BYE_FULL', 'BYE_HALF', 'BYE_ZERO'. */
  readonly result: string;
  /** 'YYYY-MM-DD', within the tournament's dates. */
  readonly playedOn?: string | null;
  /**
   * For a board result: false when the game was decided before a move was made (TRF 'W'/'D'/'L'), so it is
   * not rated. Defaults to true; forfeits and byes are never played.
   */
  readonly played?: boolean;
}

export interface RecordGamesInput {
  readonly tournamentId: number;
  readonly games: readonly GameInput[];
}

/** A game as checked before the transaction (players not yet resolved against the tournament). */
export interface CheckedGame {
  readonly round: number;
  readonly board: number | null;
  readonly white: number;
  readonly black: number | null;
  readonly result: GameResult;
  readonly played: boolean;
  readonly playedOn: string | null;
}

/**
 * Records games (and byes) of a DRAFT tournament in one set-based insert. Both players must be participants
 * (an alias left by a merge counts as the player it was merged into); refused: a player paired with himself or
 * twice in a round (counting games already recorded), a board used twice in a round, a round beyond the
 * tournament's, a date outside it, an unknown result.
 */
export async function recordGames(db: DataSource, input: RecordGamesInput, ctx: WriteContext): Promise<Game[]> {
  authorize(ctx, 'tournaments:enter');
  const tournamentId = entityId('tournamentId', input.tournamentId);
  const shapes = checkGames(input.games);
  return runTransaction(db, async (manager) => {
    const tournament = await lockDraftTournament(manager, ctx, tournamentId);
    return enterGames(manager, ctx, tournament, shapes);
  });
}

/** Checks the games on their own (everything that needs no database), naming each field `games[i].…`. */
export function checkGames(games: readonly GameInput[]): CheckedGame[] {
  if (!Array.isArray(games) || games.length === 0) throw invalidInput('games', 'must list at least one game');
  return games.map((game, index) => checkShape(game ?? {}, `games[${index}]`));
}

/**
 * The database half of recordGames, in the caller's transaction, for a DRAFT tournament the caller has locked
 * (or just created): checks the games against the participants and the games already recorded, inserts, audits.
 */
export async function enterGames(
  manager: EntityManager,
  ctx: WriteContext,
  tournament: Pick<Tournament, 'id' | 'rounds' | 'startDate' | 'endDate'>,
  shapes: readonly CheckedGame[],
): Promise<Game[]> {
  const tournamentId = tournament.id;
  const survivors = await resolvePlayerIds(
    manager,
    shapes.flatMap((game) => (game.black === null ? [game.white] : [game.white, game.black])),
  );
  const participants = new Set(await participantIds(manager, tournamentId));
  const participant = (field: string, id: number): number => {
    const playerId = survivors.get(id);
    if (playerId === undefined) throw invalidInput(field, `there is no player ${id}`);
    if (!participants.has(playerId))
      throw invalidInput(field, `player ${playerId} is not a participant of tournament ${tournamentId}: add him first`);
    return playerId;
  };

  const rounds = [...new Set(shapes.map((game) => game.round))];
  const recorded = await gameSeats(manager, tournamentId, rounds);
  const seated = new Map<string, string>();
  const boards = new Map<string, string>();
  for (const game of recorded) {
    for (const player of [game.whitePlayerId, game.blackPlayerId])
      if (player !== null) seated.set(`${game.round}:${player}`, 'an earlier game');
    if (game.board !== null) boards.set(`${game.round}:${game.board}`, 'an earlier game');
  }

  const games = shapes.map((shape, index): CheckedGame => {
    const field = `games[${index}]`;
    if (shape.round > tournament.rounds) {
      throw invalidInput(
        `${field}.round`,
        `round ${shape.round} is beyond the tournament's ${tournament.rounds} rounds`,
      );
    }
    if (shape.playedOn !== null && (shape.playedOn < tournament.startDate || shape.playedOn > tournament.endDate)) {
      throw invalidInput(
        `${field}.playedOn`,
        `${shape.playedOn} is outside the tournament (${tournament.startDate} to ${tournament.endDate})`,
      );
    }
    const white = participant(`${field}.white`, shape.white);
    const black = shape.black === null ? null : participant(`${field}.black`, shape.black);
    if (white === black) throw invalidInput(`${field}.black`, `player ${white} cannot play himself`);
    for (const [side, player] of [
      ['white', white],
      ['black', black],
    ] as const) {
      if (player === null) continue;
      const key = `${shape.round}:${player}`;
      const other = seated.get(key);
      if (other !== undefined)
        throw invalidInput(`${field}.${side}`, `player ${player} already plays in round ${shape.round} (${other})`);
      seated.set(key, field);
    }
    if (shape.board !== null) {
      const key = `${shape.round}:${shape.board}`;
      const other = boards.get(key);
      if (other !== undefined)
        throw invalidInput(`${field}.board`, `board ${shape.board} of round ${shape.round} is already used (${other})`);
      boards.set(key, field);
    }
    return { ...shape, white, black };
  });

  const { rows } = await insertColumns(
    manager,
    Game,
    {
      tournamentId: games.map(() => tournamentId),
      round: games.map((game) => game.round),
      board: games.map((game) => game.board),
      whitePlayerId: games.map((game) => game.white),
      blackPlayerId: games.map((game) => game.black),
      result: games.map((game) => game.result),
      played: games.map((game) => game.played),
      playedOn: games.map((game) => game.playedOn),
    },
    { returning: ['id'] },
  );
  const saved = await manager
    .getRepository(Game)
    .find({ where: { id: In(rows.map((row) => row.id)) }, order: { round: 'ASC', board: 'ASC', id: 'ASC' } });
  await recordAudit(manager, ctx, {
    action: 'recordGames',
    entityType: 'Tournament',
    entityId: tournamentId,
    after: {
      games: saved.map(({ id, round, board, whitePlayerId, blackPlayerId, result, played, playedOn }) => ({
        id,
        round,
        board,
        whitePlayerId,
        blackPlayerId,
        result,
        played,
        playedOn,
      })),
    },
  });
  return saved;
}

/** Checks one game on its own (everything that needs no database). */
function checkShape(game: Partial<GameInput>, field: string): CheckedGame {
  const round = wholeNumber(`${field}.round`, game.round, 1, MAX_ROUNDS);
  const board = optionalWholeNumber(`${field}.board`, game.board, 1, MAX_BOARD);
  const white = entityId(`${field}.white`, game.white);
  const result = gameResult(`${field}.result`, game.result);
  const bye = isBye(result);
  if (bye && game.black != null) throw invalidInput(`${field}.black`, `a bye (${result}) has no black player`);
  if (!bye && game.black == null)
    throw invalidInput(`${field}.black`, `is required for a ${result} game (only byes have no black player)`);
  const black = bye ? null : entityId(`${field}.black`, game.black);
  if (game.played !== undefined && typeof game.played !== 'boolean')
    throw invalidInput(`${field}.played`, 'must be true or false');
  if (game.played === true && !isBoardResult(result)) {
    throw invalidInput(`${field}.played`, `a ${result} is never played over the board: only 1-0, 0-1 and ½-½ can be`);
  }
  const played = isBoardResult(result) && game.played !== false;
  return { round, board, white, black, result, played, playedOn: optionalIsoDate(`${field}.playedOn`, game.playedOn) };
}
