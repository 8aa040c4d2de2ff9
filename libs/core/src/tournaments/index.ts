export { recordGames, type GameInput, type RecordGamesInput } from './games.service';
export { addParticipants, type AddParticipantsInput, type ParticipantInput } from './participants.service';
export {
  registerTournament,
  type RegisterTournamentInput,
  type RegisteredTournament,
} from './register-tournament.service';
export {
  MAX_RATING_AT_START,
  MAX_ROUNDS,
  MAX_START_RANK,
  gameResult,
  type TournamentDetails,
} from './tournament.validation';
export {
  acceptTournament,
  createTournament,
  reopenTournament,
  returnTournament,
  submitTournament,
  updateTournament,
  type CreateTournamentInput,
  type UpdateTournamentInput,
} from './tournaments.service';
export {
  PERFORMANCE_OUTLIER_MARGIN,
  PERFORMANCE_OUTLIER_MIN_GAMES,
  TOURNAMENT_CHECK_CODES,
  checkTournament,
  tournamentChecks,
  type TournamentCheck,
  type TournamentCheckCode,
} from './tournament-checks';
