import { Game, Player, Tournament, TournamentParticipant } from '@ratings/db';
import {
  TrfError,
  buildTrf,
  writeTrf,
  type TrfBuildBye,
  type TrfBuildGame,
  type TrfByeKind,
  type TrfGameResult,
  type TrfTitle,
  type TrfVersion,
} from '@ratings/trf';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { DomainError, conflict, notFound } from '../errors';
import { entityId, oneOf } from '../common/validate';

/** TRF versions the export writes; TRF16 by default, what most pairing programs and FIDE's rating server read. */
export const EXPORT_VERSIONS: readonly TrfVersion[] = ['TRF16', 'TRF-2026'];

/** Our bye codes → TRF result codes of an entry without an opponent. */
const BYE_KINDS: Readonly<Record<string, TrfByeKind>> = { BYE_PAB: 'U', BYE_FULL: 'F', BYE_HALF: 'H', BYE_ZERO: 'Z' };
/** Titles a TRF player record can carry (columns 11-13); arbiter and trainer titles are not among them. */
const TRF_TITLES: readonly string[] = ['GM', 'IM', 'WGM', 'FM', 'WIM', 'CM', 'WFM', 'WCM'] satisfies TrfTitle[];

/**
 * A tournament as a TRF file, through libs/trf's builder and writer: players in start-rank order with the
 * rating they started with, every game and bye, round dates from the games' dates. Importing the result gives
 * back the same players (by FIDE id, or name and birth date) and the same games. National ids and team
 * compositions are not written.
 */
export async function exportTrf(
  db: DataSource | EntityManager,
  tournamentId: number,
  options: { readonly version?: TrfVersion } = {},
): Promise<string> {
  const id = entityId('tournamentId', tournamentId);
  const version = oneOf('version', options.version ?? 'TRF16', EXPORT_VERSIONS);
  // One snapshot: a concurrent recordGames cannot slip games in between the reads of players and games.
  if ('manager' in db) return db.transaction('REPEATABLE READ', (manager) => writeTournament(manager, id, version));
  return writeTournament(db, id, version);
}

async function writeTournament(manager: EntityManager, id: number, version: TrfVersion): Promise<string> {
  const tournament = await manager.getRepository(Tournament).findOneBy({ id });
  if (!tournament) throw notFound('tournament', id);
  const participants = await manager
    .getRepository(TournamentParticipant)
    .find({ where: { tournamentId: id }, order: { startRank: 'ASC' } });
  const players = new Map(
    (
      await manager.getRepository(Player).findBy({ id: In(participants.map((participant) => participant.playerId)) })
    ).map((player) => [player.id, player]),
  );
  const games = await manager
    .getRepository(Game)
    .find({ where: { tournamentId: id }, order: { round: 'ASC', board: 'ASC', id: 'ASC' } });

  const rankOf = new Map(participants.map((participant) => [participant.playerId, participant.startRank]));
  const rank = (game: Game, playerId: number): number => {
    const startRank = rankOf.get(playerId);
    if (startRank === undefined)
      throw conflict(
        `tournament ${id}: game ${game.id} (round ${game.round}) names player ${playerId}, who is not a participant`,
      );
    return startRank;
  };
  const pairings: TrfBuildGame[] = [];
  const byes: TrfBuildBye[] = [];
  const roundDates: (string | null)[] = Array.from({ length: tournament.rounds }, () => null);
  for (const game of games) {
    roundDates[game.round - 1] ??= game.playedOn;
    if (game.blackPlayerId === null) {
      byes.push({ round: game.round, player: rank(game, game.whitePlayerId), kind: BYE_KINDS[game.result] });
    } else {
      pairings.push({
        round: game.round,
        white: rank(game, game.whitePlayerId),
        black: rank(game, game.blackPlayerId),
        result: game.result as TrfGameResult,
        played: game.played,
      });
    }
  }

  try {
    const document = buildTrf({
      version,
      tournament: {
        name: tournament.name,
        city: tournament.city,
        federation: tournament.federation,
        startDate: tournament.startDate,
        endDate: tournament.endDate,
        type: tournament.type,
        chiefArbiter: tournament.chiefArbiter,
        timeControl: tournament.timeControl,
        rounds: tournament.rounds,
        roundDates: roundDates.some((date) => date !== null) ? roundDates : [],
      },
      players: participants.map((participant) => {
        const player = players.get(participant.playerId) as Player;
        return {
          startRank: participant.startRank,
          name: player.givenName ? `${player.surname}, ${player.givenName}` : player.surname,
          sex: player.sex === null ? null : player.sex === 'M' ? 'm' : 'w',
          title: (player.titles.find((title) => TRF_TITLES.includes(title)) as TrfTitle | undefined) ?? null,
          rating: participant.ratingAtStart,
          federation: player.federation,
          fideId: player.fideId === null ? null : Number(player.fideId),
          birthDate: player.birthDate ?? (player.birthYear === null ? null : String(player.birthYear)),
        };
      }),
      games: pairings,
      byes,
    });
    return writeTrf(document, { version });
  } catch (error) {
    if (error instanceof TrfError) {
      throw new DomainError('CONFLICT', `tournament ${id} cannot be written as ${version}: ${error.message}`, {
        trfCode: error.code,
      });
    }
    throw error;
  }
}
