import type { Game, Tournament, TournamentParticipant } from '@ratings/db';
import type { DataSource } from 'typeorm';
import { authorize } from '../auth/permissions';
import type { WriteContext } from '../common/actor';
import { runTransaction } from '../common/database';
import { requiredText } from '../common/validate';
import { checkGames, enterGames, type GameInput } from './games.service';
import { checkParticipants, enterParticipants, type ParticipantInput } from './participants.service';
import { tournamentFields } from './tournament.validation';
import { insertTournament, submitDraft, type CreateTournamentInput } from './tournaments.service';

export type RegisterTournamentInput = CreateTournamentInput & {
  /** As addParticipants takes them. */
  readonly players: readonly ParticipantInput[];
  /** As recordGames takes them. */
  readonly games: readonly GameInput[];
  /** Submit it for the next rating run once recorded (it needs at least one pairing). Default false: it stays a DRAFT. */
  readonly submit?: boolean;
};

export interface RegisteredTournament {
  readonly tournament: Tournament;
  readonly participants: TournamentParticipant[];
  readonly games: Game[];
}

/**
 * Registers a complete tournament — details, participants, games and, when asked, its submission — in one
 * transaction, with the same checks and the same audit events as createTournament, addParticipants,
 * recordGames and submitTournament called in turn. It lands whole or not at all. For callers that hold the
 * whole event at once (a pairing program's results, the demo seeder). Field names in refusals are the
 * input's own: `name`, `players[3].playerId`, `games[12].black`.
 */
export async function registerTournament(
  db: DataSource,
  input: RegisterTournamentInput,
  ctx: WriteContext,
): Promise<RegisteredTournament> {
  authorize(ctx, 'tournaments:enter');
  const poolCode = requiredText('poolCode', input.poolCode, 32);
  const { poolCode: _pool, players, games, submit, ...details } = input;
  const fields = tournamentFields(details);
  const entries = checkParticipants(players);
  const shapes = checkGames(games);
  return runTransaction(db, async (manager) => {
    const draft = await insertTournament(manager, ctx, poolCode, fields);
    const participants = await enterParticipants(manager, ctx, draft.id, entries);
    const recorded = await enterGames(manager, ctx, draft, shapes);
    const tournament = submit === true ? await submitDraft(manager, ctx, draft) : draft;
    return { tournament, participants, games: recorded };
  });
}
