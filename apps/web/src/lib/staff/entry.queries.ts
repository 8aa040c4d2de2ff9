import 'server-only';
import { graphql } from '@/__generated__/gql';
import type { StaffTournamentEntryQuery } from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { playerName } from '../player-name';
import { staffPageQuery } from './api';

/**
 * A tournament entered by hand (no TRF): created with its details, its participants picked from the register
 * (or created on the spot), then its results recorded one round at a time. The API checks everything; the
 * page only lays the grid out.
 */

export const createTournamentMutation = graphql(`
  mutation StaffCreateTournament($input: TournamentInput!) {
    createTournament(input: $input) {
      id
    }
  }
`);

export const addParticipantsMutation = graphql(`
  mutation StaffAddParticipants($tournament: ID!, $players: [ParticipantInput!]!) {
    addParticipants(tournament: $tournament, players: $players) {
      id
    }
  }
`);

export const createPlayerMutation = graphql(`
  mutation StaffCreatePlayer($input: PlayerInput!) {
    createPlayer(input: $input) {
      id
    }
  }
`);

export const recordGamesMutation = graphql(`
  mutation StaffRecordGames($tournament: ID!, $games: [GameInput!]!) {
    recordGames(tournament: $tournament, games: $games) {
      id
    }
  }
`);

export const staffTournamentEntryQuery = graphql(`
  query StaffTournamentEntry($id: ID!) {
    tournament(id: $id) {
      id
      name
      status
      rounds
      crosstable {
        startRank
        player {
          id
          surname
          givenName
        }
      }
      games {
        id
        round
        board
        result
        white {
          id
        }
        black {
          id
        }
      }
    }
  }
`);

export type TournamentEntryData = NonNullable<StaffTournamentEntryQuery['tournament']>;

export async function fetchTournamentEntry(id: string, locale: Locale): Promise<TournamentEntryData | null> {
  return (await staffPageQuery(staffTournamentEntryQuery, { id }, locale)).tournament;
}

export interface EntryParticipant {
  id: string;
  startRank: number;
  name: string;
}

export interface RecordedGame {
  id: string;
  board: number | null;
  white: string;
  black: string | null;
  result: string;
}

export interface EntryView {
  participants: EntryParticipant[];
  /** Rounds with games, in order, each with its games named. */
  recordedRounds: { round: number; games: RecordedGame[] }[];
  /** The round the grid offers: the one after the last recorded, null once every round is. */
  nextRound: number | null;
  /** Lines of the grid: a board for every two players, and one more for a bye when they are odd. */
  boards: number;
}

export function toEntryView(tournament: TournamentEntryData): EntryView {
  const participants = tournament.crosstable.map((line) => ({
    id: line.player.id,
    startRank: line.startRank,
    name: playerName(line.player),
  }));
  const nameOf = new Map(participants.map((p) => [p.id, p.name]));
  const rounds = new Map<number, RecordedGame[]>();
  for (const game of tournament.games) {
    const games = rounds.get(game.round) ?? [];
    games.push({
      id: game.id,
      board: game.board ?? null,
      white: nameOf.get(game.white.id) ?? game.white.id,
      black: game.black ? (nameOf.get(game.black.id) ?? game.black.id) : null,
      result: game.result,
    });
    rounds.set(game.round, games);
  }
  const lastRecorded = Math.max(0, ...rounds.keys());
  return {
    participants,
    recordedRounds: [...rounds].sort(([a], [b]) => a - b).map(([round, games]) => ({ round, games })),
    nextRound: lastRecorded < tournament.rounds ? lastRecorded + 1 : null,
    boards: Math.ceil(participants.length / 2),
  };
}
