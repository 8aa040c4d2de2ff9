import type { DataSource } from 'typeorm';
import {
  makeGame,
  makeParticipant,
  makePlayer,
  makePool,
  makeRatingChange,
  makeRatingChangeGame,
  makeRatingList,
  makeRatingListDiff,
  makeRatingListEntry,
  makeTournament,
  publishRatingList,
} from '@ratings/core/testing';
import type { Player, Pool, RatingList, Tournament } from '@ratings/core';
import { categoryOf } from '@ratings/rating-rules';

export interface SmallFederation {
  pool: Pool;
  players: Player[];
  levesque: Player;
  junior: Player;
  october: RatingList;
  november: RatingList;
  novemberCorrection: RatingList;
  tournament: Tournament;
}

/**
 * A small federation built straight through the database factories: one pool, 30 players, the October and
 * November lists (November republished once), and one rated tournament with its changes and per-game rows.
 */
export async function buildSmallFederation(db: DataSource): Promise<SmallFederation> {
  const pool = await makePool(db, { code: 'standard', name: 'Standard', nameFr: 'Lente', ratingSystemId: 'fqe' });
  const levesque = await makePlayer(db, {
    surname: 'Lévesque',
    givenName: 'Émilie',
    sex: 'F',
    birthYear: 1990,
    birthDate: '1990-04-02',
    club: 'Échiquier de Québec',
  });
  const junior = await makePlayer(db, {
    surname: 'Tremblay',
    givenName: 'Noah',
    sex: 'M',
    birthYear: 2015,
    birthDate: '2015-06-01',
    club: "Club d'échecs de Montréal",
  });
  const others: Player[] = [];
  for (let i = 0; i < 28; i++) {
    others.push(
      await makePlayer(db, {
        surname: `Joueur${String(i).padStart(2, '0')}`,
        givenName: 'Test',
        sex: i % 4 === 0 ? 'F' : 'M',
        birthYear: 1960 + i,
        club: i % 2 ? 'Club A' : 'Club B',
      }),
    );
  }
  const players = [levesque, junior, ...others];
  // Ratings 2450, 2400, 2350 …: one Grand Maître band player per rank at the top, then every class.
  const ratingOf = (index: number, shift: number) => 2450 - index * 60 + shift;
  const october = await makeRatingList(db, { poolId: pool.id, period: '2026-10', ratingSystemId: 'fqe' });
  const november = await makeRatingList(db, { poolId: pool.id, period: '2026-11', ratingSystemId: 'fqe' });
  const tournament = await makeTournament(db, {
    poolId: pool.id,
    name: 'Open de Québec',
    city: 'Québec',
    startDate: '2026-10-10',
    endDate: '2026-10-12',
    rounds: 1,
    status: 'ACCEPTED',
  });
  await entriesFor(db, october, players, (i) => ratingOf(i, 0));
  await countRows(db, october.id, 0, 0);
  await publishRatingList(db, october.id);
  await entriesFor(db, november, players, (i) => ratingOf(i, i === 1 ? 25 : 0));

  // Lévesque (1st) and Tremblay (2nd) met in the tournament: Tremblay won.
  await makeParticipant(db, {
    tournamentId: tournament.id,
    playerId: levesque.id,
    startRank: 1,
    ratingAtStart: ratingOf(0, 0),
  });
  await makeParticipant(db, {
    tournamentId: tournament.id,
    playerId: junior.id,
    startRank: 2,
    ratingAtStart: ratingOf(1, 0),
  });
  const game = await makeGame(db, {
    tournamentId: tournament.id,
    round: 1,
    board: 1,
    whitePlayerId: levesque.id,
    blackPlayerId: junior.id,
    result: '0-1',
  });
  const changesIn = async (list: RatingList, juniorGain: number) => {
    for (const [player, opponent, score, change] of [
      [junior, levesque, 1, juniorGain],
      [levesque, junior, 0, -10],
    ] as const) {
      const before = ratingOf(players.indexOf(player), 0);
      const opponentRating = ratingOf(players.indexOf(opponent), 0);
      const ratingChange = await makeRatingChange(db, {
        listId: list.id,
        playerId: player.id,
        tournamentId: tournament.id,
        ratingBefore: before,
        ratingAfter: before + change,
        expected: 0.5,
        score,
        games: 1,
        k: 32,
        bonus: 0,
        performance: opponentRating + (score ? 400 : -400),
        change,
      });
      await makeRatingChangeGame(db, {
        changeId: ratingChange.id,
        gameId: game.id,
        opponentId: opponent.id,
        opponentRatingUsed: opponentRating,
        score,
        expected: 0.5,
        change,
      });
    }
  };
  await changesIn(november, 25);
  await countRows(db, november.id, 1, 1);
  await publishRatingList(db, november.id);
  await db.query(`UPDATE tournaments SET status = 'RATED', rated_in_list_id = $2 WHERE id = $1`, [
    tournament.id,
    november.id,
  ]);

  // A correction of November: Tremblay's gain corrected from 25 to 10.
  const novemberCorrection = await makeRatingList(db, {
    poolId: pool.id,
    period: '2026-11',
    revision: 1,
    correctsListId: november.id,
    reason: 'Result of round 1 corrected',
    ratingSystemId: 'fqe',
  });
  await entriesFor(db, novemberCorrection, players, (i) => ratingOf(i, i === 1 ? 10 : 0));
  await changesIn(novemberCorrection, 10);
  await countRows(db, novemberCorrection.id, 1, 1);
  await makeRatingListDiff(db, {
    listId: novemberCorrection.id,
    playerId: junior.id,
    oldRating: ratingOf(1, 25),
    newRating: ratingOf(1, 10),
    oldRank: 2,
    newRank: 2,
  });
  await publishRatingList(db, novemberCorrection.id);
  // What a run and a republication record: counts on the lists, and the tournament rated by the revision in force.
  await db.query(`UPDATE tournaments SET rated_in_list_id = $2 WHERE id = $1`, [tournament.id, novemberCorrection.id]);

  const reload = (id: number) => db.getRepository('RatingList').findOneByOrFail({ id }) as Promise<RatingList>;
  return {
    pool,
    players,
    levesque,
    junior,
    october,
    november: await reload(november.id),
    novemberCorrection: await reload(novemberCorrection.id),
    tournament,
  };
}

/** The summary counts a run stores on its list (set while the list is a draft). */
async function countRows(db: DataSource, listId: number, tournaments: number, games: number) {
  await db.query(
    `UPDATE rating_lists SET entry_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = $1),
       listed_count = (SELECT count(*) FROM rating_list_entries WHERE list_id = $1 AND rank IS NOT NULL),
       tournament_count = $2, game_count = $3 WHERE id = $1`,
    [listId, tournaments, games],
  );
}

/** Entries with ranks (competition ranking) and categories computed the way the rating run does. */
async function entriesFor(db: DataSource, list: RatingList, players: Player[], ratingOf: (index: number) => number) {
  const rated = players
    .map((player, index) => ({ player, rating: Math.max(0, ratingOf(index)) }))
    .sort((a, b) => b.rating - a.rating || a.player.id - b.player.id);
  let rank = 0;
  for (let i = 0; i < rated.length; i++) {
    if (i === 0 || rated[i].rating !== rated[i - 1].rating) rank = i + 1;
    await makeRatingListEntry(db, {
      listId: list.id,
      playerId: rated[i].player.id,
      rating: rated[i].rating,
      provisional: i >= 25,
      rank,
      categoryCode: categoryOf(rated[i].rating).code,
      gamesTotal: 30 - i,
      gamesInPeriod: 1,
      listed: true,
    });
  }
}
