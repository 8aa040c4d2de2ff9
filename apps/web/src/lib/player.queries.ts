import { graphql } from '@/__generated__/gql';
import type { Color, PlayerPoolHistoryQuery, PlayerProfileQuery } from '@/__generated__/graphql';
import { capitalize, formatPeriod } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { queryApi } from './api';
import { entityTag } from './cache-tags';
import { playerName } from './player-name';
import type { PoolData } from './pools.queries';
import type { HistoryPoint } from './rating-history';

/**
 * A player's profile: identity, the current rating in every pool, and for each pool the history of
 * published lists and rated tournaments with their per-game breakdown, in ONE request (`histories`:
 * every pool where the player has been on a published list).
 */

/** A rated tournament as the profile and the pool's history page list it (the history page adds its games). */
export const RatedTournamentFields = graphql(`
  fragment RatedTournamentFields on RatingChange {
    id
    ratingBefore
    ratingAfter
    expected
    score
    gameCount
    k
    bonus
    performance
    change
    date
    tournament {
      id
      name
      city
      endDate
    }
  }
`);

export const playerProfileQuery = graphql(`
  query PlayerProfile($id: ID!) {
    player(id: $id) {
      id
      nationalId
      fideId
      surname
      givenName
      sex
      birthYear
      federation
      club
      titles
      status
      ratings {
        rating
        provisional
        display
        rank
        games
        listed
        rd
        category {
          code
          name
          nameEn
        }
        pool {
          code
        }
        list {
          id
          period
          effectiveDate
          upcoming
        }
      }
      liveRatings {
        rating
        display
        provisional
        officialRating
        officialDisplay
        difference
        games
        computedAt
        pool {
          code
        }
        tournaments {
          id
          name
          endDate
        }
      }
      histories {
        pool {
          code
        }
        points {
          period
          date
          rating
          provisional
          display
          rank
          gamesTotal
          change
          list {
            id
            revision
          }
          category {
            code
            name
            nameEn
          }
        }
        tournaments {
          ...RatedTournamentFields
        }
      }
    }
  }
`);

/**
 * One pool's whole history with every game of every rated tournament (`/joueurs/<id>/<pool>`): the profile shows
 * only the latest tournaments, without their games.
 */
export const playerPoolHistoryQuery = graphql(`
  query PlayerPoolHistory($id: ID!, $pool: String!) {
    player(id: $id) {
      id
      surname
      givenName
      titles
      history(pool: $pool) {
        pool {
          code
        }
        tournaments {
          ...RatedTournamentFields
          games {
            round
            board
            color
            opponentRating
            score
            expected
            change
            opponent {
              id
              surname
              givenName
            }
          }
        }
      }
    }
  }
`);

/** The latest rated tournaments a profile shows per pool; the pool's history page lists them all, with their games. */
export const PROFILE_TOURNAMENTS = 5;

export type PlayerData = NonNullable<PlayerProfileQuery['player']>;
export type PoolHistoryPlayerData = NonNullable<PlayerPoolHistoryQuery['player']>;
/** A rated tournament with its games (the pool's history page). */
export type RatingChangeWithGamesData = PoolHistoryPlayerData['history']['tournaments'][number];
export type PlayerHistoryData = PlayerData['histories'][number];
export type HistoryPointData = PlayerHistoryData['points'][number];
/** `date`: effective date of the list that published the change, the history point it belongs to. */
export type RatingChangeData = PlayerHistoryData['tournaments'][number];
type PlayerRatingData = PlayerData['ratings'][number];
type LiveRatingData = PlayerData['liveRatings'][number];
/** What the profile reads of the federation's pools: their order and names. */
type ProfilePool = Pick<PoolData, 'code' | 'name' | 'nameFr'>;

export interface GameRow {
  round: number;
  board: number | null;
  color: Color;
  opponentId: string;
  opponentName: string;
  opponentRating: number | null;
  score: number;
  expected: number | null;
  change: number | null;
}

export interface TournamentChangeRow {
  id: string;
  tournamentId: string;
  tournamentName: string;
  city: string | null;
  endDate: string;
  /** Effective date of the list that rated it. */
  listDate: string;
  before: number | null;
  after: number | null;
  /** What the tournament did to the rating, in whole points where the list shows both ratings. */
  change: number | null;
  performance: number | null;
  k: number | null;
  bonus: number;
  score: number;
  gameCount: number;
  expected: number | null;
  games: GameRow[];
}

export interface PoolHistoryView {
  pool: ProfilePool;
  /** One per published list with a rating: the chart's dots. */
  chartPoints: HistoryPoint[];
  /** The latest `PROFILE_TOURNAMENTS`, newest first, without their games. */
  tournaments: TournamentChangeRow[];
  /** How many the pool's history page lists. */
  tournamentCount: number;
}

export interface CurrentRatingView extends PlayerRatingData {
  poolName: string;
  poolNameFr: string | null;
}

/** A live (unofficial) rating with its pool's names. */
export interface LiveRatingView extends LiveRatingData {
  poolName: string;
  poolNameFr: string | null;
}

export interface PlayerProfileView {
  id: string;
  name: string;
  player: PlayerData;
  ratings: CurrentRatingView[];
  liveRatings: LiveRatingView[];
  histories: PoolHistoryView[];
}

/**
 * The rating change a tournament made: after − before where the list shows both (the rounded change
 * players read), else the API's unrounded change (systems that rate per period).
 */
export function tournamentChange(
  change: Pick<RatingChangeData, 'ratingBefore' | 'ratingAfter' | 'change'>,
): number | null {
  return change.ratingBefore !== null && change.ratingAfter !== null
    ? change.ratingAfter - change.ratingBefore
    : change.change;
}

/**
 * The chart's points: one per published list on which the player has a rating, each with the
 * tournaments whose change that list published (the changes dated with the list's effective date).
 */
export function toHistoryPoints(
  history: Pick<PlayerHistoryData, 'points' | 'tournaments'>,
  locale: Locale,
): HistoryPoint[] {
  return history.points
    .filter((point): point is HistoryPointData & { rating: number } => point.rating !== null)
    .map((point) => ({
      date: point.date,
      rating: point.rating,
      provisional: point.provisional,
      listLabel: capitalize(formatPeriod(point.period, locale), locale),
      tournaments: history.tournaments
        .filter((change) => change.date === point.date)
        .map((change) => ({
          name: change.tournament.name,
          change: tournamentChange(change),
          href: pageHrefs.tournament(locale, change.tournament.id),
        })),
    }));
}

/** The rows of a pool's rated tournaments, newest first; each with its games where they were read (`games`). */
export function toTournamentRows(
  changes: readonly (RatingChangeData & { games?: RatingChangeWithGamesData['games'] })[],
): TournamentChangeRow[] {
  return changes
    .map((change) => ({
      id: change.id,
      tournamentId: change.tournament.id,
      tournamentName: change.tournament.name,
      city: change.tournament.city,
      endDate: change.tournament.endDate,
      listDate: change.date,
      before: change.ratingBefore,
      after: change.ratingAfter,
      change: tournamentChange(change),
      performance: change.performance,
      k: change.k,
      bonus: change.bonus,
      score: change.score,
      gameCount: change.gameCount,
      expected: change.expected,
      games: [...(change.games ?? [])]
        .sort((a, b) => a.round - b.round)
        .map((game) => ({
          round: game.round,
          board: game.board,
          color: game.color,
          opponentId: game.opponent.id,
          opponentName: playerName(game.opponent),
          opponentRating: game.opponentRating,
          score: game.score,
          expected: game.expected,
          change: game.change,
        })),
    }))
    .sort(
      (a, b) =>
        b.listDate.localeCompare(a.listDate) || b.endDate.localeCompare(a.endDate) || Number(b.id) - Number(a.id),
    );
}

/** The profile's pools in the federation's order; a pool where the player has neither a list nor a tournament is left out. */
export function toPlayerProfile(player: PlayerData, pools: readonly ProfilePool[], locale: Locale): PlayerProfileView {
  const historyByPool = new Map(player.histories.map((history) => [history.pool.code, history]));
  const histories = pools.flatMap((pool) => {
    const history = historyByPool.get(pool.code);
    if (history === undefined || (history.points.length === 0 && history.tournaments.length === 0)) return [];
    return [
      {
        pool: { code: pool.code, name: pool.name, nameFr: pool.nameFr },
        chartPoints: toHistoryPoints(history, locale),
        tournaments: toTournamentRows(history.tournaments).slice(0, PROFILE_TOURNAMENTS),
        tournamentCount: history.tournaments.length,
      },
    ];
  });
  const poolOrder = new Map(pools.map((pool, index) => [pool.code, index]));
  const ratings = player.ratings
    .map((rating) => {
      const pool = pools.find((candidate) => candidate.code === rating.pool.code);
      return { ...rating, poolName: pool?.name ?? rating.pool.code, poolNameFr: pool?.nameFr ?? null };
    })
    .sort((a, b) => (poolOrder.get(a.pool.code) ?? Infinity) - (poolOrder.get(b.pool.code) ?? Infinity));
  const liveRatings = player.liveRatings.map((live) => {
    const pool = pools.find((candidate) => candidate.code === live.pool.code);
    return { ...live, poolName: pool?.name ?? live.pool.code, poolNameFr: pool?.nameFr ?? null };
  });
  return { id: player.id, name: playerName(player), player, ratings, liveRatings, histories };
}

export async function fetchPlayerPoolHistory(id: string, pool: string): Promise<PoolHistoryPlayerData | null> {
  const { player } = await queryApi(playerPoolHistoryQuery, { id, pool }, [entityTag('player', id), 'players']);
  return player;
}

export async function fetchPlayerProfile(id: string): Promise<PlayerData | null> {
  const { player } = await queryApi(playerProfileQuery, { id }, [entityTag('player', id), 'players']);
  return player;
}
