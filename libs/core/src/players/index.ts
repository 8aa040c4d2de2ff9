export { mergePlayers, type MergePlayersInput, type MergePlayersResult } from './merge-players.service';
export { PLAYER_TITLES, type PlayerInput, type PlayerTitle } from './player.validation';
export {
  createPlayer,
  createPlayers,
  getPlayer,
  resolvePlayerId,
  resolvePlayerIds,
  updatePlayer,
  type UpdatePlayerInput,
} from './players.service';
