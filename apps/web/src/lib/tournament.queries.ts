import { graphql } from '@/__generated__/gql';
import { GameResult, type Color, type TournamentQuery } from '@/__generated__/graphql';
import { queryApi } from './api';
import { entityTag } from './cache-tags';
import { playerName } from './player-name';
import { tournamentChange } from './player.queries';

/**
 * A tournament's page: its details, the standings with performance ratings and each player's rating
 * change, and the crosstable. The crosstable is the standings' lines in start-rank order (what the
 * API's `crosstable` field returns), so the page reads the lines once and orders them both ways.
 */

export const tournamentQuery = graphql(`
  query Tournament($id: ID!) {
    tournament(id: $id) {
      id
      name
      city
      federation
      startDate
      endDate
      rounds
      type
      status
      timeControl
      chiefArbiter
      pool {
        code
        name
        nameFr
      }
      ratedIn {
        id
        period
        revision
      }
      standings {
        position
        startRank
        ratingAtStart
        points
        gamesPlayed
        performance
        player {
          id
          surname
          givenName
          titles
          federation
          club
        }
        ratingChange {
          ratingBefore
          ratingAfter
          change
          k
          bonus
          performance
        }
        results {
          round
          opponentStartRank
          color
          result
          points
          played
        }
      }
    }
  }
`);

export type TournamentData = NonNullable<TournamentQuery['tournament']>;
export type StandingData = TournamentData['standings'][number];
/** A round of a player as the API gives it: `result` from White's side, `points` what the round gave him. */
export type CrosstableCellData = StandingData['results'][number];

export async function fetchTournament(id: string): Promise<TournamentData | null> {
  const { tournament } = await queryApi(tournamentQuery, { id }, [entityTag('tournament', id), 'tournaments']);
  return tournament;
}

const FORFEITS: ReadonlySet<GameResult> = new Set([
  GameResult.WhiteWinsByForfeit,
  GameResult.BlackWinsByForfeit,
  GameResult.DoubleForfeit,
]);

export type CellKind = 'played' | 'forfeit' | 'bye';

/** One round of a player, from his side: whom he met (start rank), with which colour, and what he scored. */
export interface CrosstableCell {
  round: number;
  kind: CellKind;
  opponentStartRank: number | null;
  color: Color | null;
  points: number;
}

/** Byes carry `BYE_…`; forfeits are unplayed pairings; everything else was played over the board. */
export function crosstableCell(cell: CrosstableCellData): CrosstableCell {
  const kind: CellKind =
    cell.result.startsWith('BYE_') || cell.opponentStartRank === null
      ? 'bye'
      : FORFEITS.has(cell.result) || !cell.played
        ? 'forfeit'
        : 'played';
  return { round: cell.round, kind, opponentStartRank: cell.opponentStartRank, color: cell.color, points: cell.points };
}

/** A player's rounds 1 … `rounds`, `null` where he has none (withdrawn, or not paired). */
export function crosstableRounds(results: readonly CrosstableCellData[], rounds: number): (CrosstableCell | null)[] {
  const byRound = new Map(results.map((cell) => [cell.round, crosstableCell(cell)]));
  return Array.from({ length: rounds }, (_, index) => byRound.get(index + 1) ?? null);
}

export interface StandingRow {
  position: number;
  startRank: number;
  playerId: string;
  name: string;
  titles: string[];
  federation: string | null;
  club: string | null;
  ratingAtStart: number | null;
  points: number;
  gamesPlayed: number;
  performance: number | null;
  ratingBefore: number | null;
  ratingAfter: number | null;
  change: number | null;
  k: number | null;
  bonus: number | null;
  rounds: (CrosstableCell | null)[];
}

export interface TournamentView {
  /** By points, then performance, then start rank: the API's order. */
  standings: StandingRow[];
  /** The same lines by start rank. */
  crosstable: StandingRow[];
  /** Start rank → player id, for the crosstable's links to opponents. */
  playerIdByStartRank: Map<number, string>;
}

export function toTournamentView(tournament: Pick<TournamentData, 'rounds' | 'standings'>): TournamentView {
  const rounds = Math.max(
    tournament.rounds,
    ...tournament.standings.flatMap((standing) => standing.results.map((cell) => cell.round)),
  );
  const standings = tournament.standings.map((standing) => ({
    position: standing.position,
    startRank: standing.startRank,
    playerId: standing.player.id,
    name: playerName(standing.player),
    titles: standing.player.titles,
    federation: standing.player.federation,
    club: standing.player.club,
    ratingAtStart: standing.ratingAtStart,
    points: standing.points,
    gamesPlayed: standing.gamesPlayed,
    performance: standing.performance,
    ratingBefore: standing.ratingChange?.ratingBefore ?? null,
    ratingAfter: standing.ratingChange?.ratingAfter ?? null,
    change: standing.ratingChange ? tournamentChange(standing.ratingChange) : null,
    k: standing.ratingChange?.k ?? null,
    bonus: standing.ratingChange?.bonus ?? null,
    rounds: crosstableRounds(standing.results, rounds),
  }));
  return {
    standings,
    crosstable: [...standings].sort((a, b) => a.startRank - b.startRank),
    playerIdByStartRank: new Map(standings.map((row) => [row.startRank, row.playerId])),
  };
}
