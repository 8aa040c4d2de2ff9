import { FIXTURE, readFixture } from '../testing';
import { parseTrf } from './parse';
import type { TrfResultCode } from './results';
import type { TrfDocument, TrfPlayer, TrfRoundResult } from './types';

// Expected values come from the fixtures' description (src/__fixtures__/README.md) and were re-counted
// from the raw files with a separate script reading columns 92-99 + 10k.

function player(document: TrfDocument, startRank: number): TrfPlayer {
  const found = document.players.find((candidate) => candidate.startRank === startRank);
  if (found === undefined) throw new Error(`no player ${startRank}`);
  return found;
}

function entries(document: TrfDocument): TrfRoundResult[] {
  return document.players.flatMap((candidate) => candidate.results);
}

/** How many round entries have this result, with an opponent (paired) or without (0000 or blank). */
function countResults(document: TrfDocument, result: TrfResultCode, paired: boolean): number {
  return entries(document).filter((entry) => entry.result === result && (entry.opponent !== null) === paired).length;
}

function warningCounts(document: TrfDocument): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of document.warnings) counts[item.code] = (counts[item.code] ?? 0) + 1;
  return counts;
}

describe('parseTrf on the Karl-Mala open (FIDE example file, TRF16, LF)', () => {
  const document = parseTrf(readFixture(FIXTURE.karlMala));

  it('reads the tournament section, with its German dates', () => {
    expect(document.version).toBe('TRF16');
    expect(document.dialect).toBe('fide');
    const { tournament } = document;
    expect(tournament.name).toBe('9. Karl-Mala-Gedenkturnier');
    expect(tournament.city).toBe('Frankfurt (Main) /GER');
    expect(tournament.federation).toBeNull();
    expect(tournament.startDate).toEqual({ text: '28. 07. 2005', iso: '2005-07-28', year: 2005 });
    expect(tournament.endDate?.iso).toBe('2005-07-31');
    expect([tournament.playerCount, tournament.ratedPlayerCount, tournament.teamCount]).toEqual([284, 146, 0]);
    expect(tournament.type).toBe('Individual: Swiss-System (Standard)');
    expect(tournament.chiefArbiter).toBe('Ralph Blum (SV Griesheim)');
    expect(tournament.deputyArbiters).toEqual(['NSR Thomas Rondio, NSR Wolfgang Hettler']);
    expect(tournament.timeControl).toBe('40/120, 60');
    expect(tournament.roundDates).toEqual([]);
    expect(tournament.numberOfRounds).toBeNull();
    expect(document.layout).toEqual({ lineEnding: '\n', finalNewline: true, byteOrderMark: false });
  });

  it('has 284 players over 7 rounds, 138 of them without rating or FIDE id', () => {
    expect(document.players).toHaveLength(284);
    expect(document.rounds).toBe(7);
    expect(document.players.every((candidate) => candidate.results.length === 7)).toBe(true);
    expect(document.players.filter((candidate) => candidate.rating === null)).toHaveLength(138);
    expect(document.players.filter((candidate) => candidate.fideId === null)).toHaveLength(138);
  });

  it('counts 10 + and 10 - forfeits between players, and one 0000 - + and one 0000 - -', () => {
    expect(countResults(document, '+', true)).toBe(10);
    expect(countResults(document, '-', true)).toBe(10);
    expect(countResults(document, '+', false)).toBe(1);
    expect(countResults(document, '-', false)).toBe(1);
    expect(player(document, 282).results[4]).toEqual({
      round: 5,
      opponent: null,
      colour: null,
      result: '+',
      played: false,
      points: 1,
    });
  });

  it('reads withdrawals: a colourless forfeit, then blank rounds and rank 0 (null)', () => {
    const blank = (round: number): TrfRoundResult => ({
      round,
      opponent: null,
      colour: null,
      result: null,
      played: false,
      points: 0,
    });
    const withdrawn = player(document, 13);
    expect(withdrawn.results[0]).toEqual({
      round: 1,
      opponent: 153,
      colour: null,
      result: '-',
      played: false,
      points: 0,
    });
    expect(withdrawn.results.slice(1)).toEqual([2, 3, 4, 5, 6, 7].map(blank));
    expect([withdrawn.points, withdrawn.rank]).toEqual([0, null]);
    for (const startRank of [121, 126, 179]) {
      const results = player(document, startRank).results;
      expect(results[3]).toMatchObject({ colour: null, result: '-', played: false });
      expect(results.slice(4)).toEqual([5, 6, 7].map(blank));
    }
    const unranked = document.players
      .filter((candidate) => candidate.rank === null)
      .map((candidate) => candidate.startRank);
    expect(unranked).toEqual([13, 27, 121, 126, 156, 179, 180, 284]);
  });

  it('reads a player line field by field', () => {
    expect(player(document, 1)).toMatchObject({
      startRank: 1,
      sex: null,
      title: 'GM',
      name: 'Vasquez,Rodrigo',
      rating: 2558,
      federation: 'CHI',
      fideId: 3400042,
      birthDate: { text: '1969.12.06', iso: '1969-12-06', year: 1969 },
      points: 6,
      rank: 4,
      source: { line: 14 },
    });
    expect(player(document, 1).results[0]).toEqual({
      round: 1,
      opponent: 141,
      colour: 'w',
      result: '1',
      played: true,
      points: 1,
    });
    expect(player(document, 1).results[5]).toEqual({
      round: 6,
      opponent: 25,
      colour: 'b',
      result: '=',
      played: true,
      points: 0.5,
    });
    expect(player(document, 69)).toMatchObject({ title: 'WFM', name: 'Heymann-Lobzhanidze,Anna-Luise', rating: 2096 });
    expect(player(document, 204)).toMatchObject({ sex: 'w', title: null, name: 'Wallrabenstein,Elena', rating: null });
    expect(player(document, 284)).toMatchObject({ name: 'spielfrei', birthDate: null, points: 0 });
  });

  it('warns about the 276 missing federations and the 8 sex codes "f", and finds every points column right', () => {
    expect(warningCounts(document)).toEqual({ MISSING_FEDERATION: 276, NONSTANDARD_SEX: 8 });
    expect(document.warnings.find((item) => item.code === 'NONSTANDARD_SEX')?.message).toBe(
      'line 199, column 10: sex "f" read as "w" (female)',
    );
  });
});

describe('parseTrf on the Donostia open (JaVaFo sample, TRF16 + XXR, CRLF)', () => {
  const document = parseTrf(readFixture(FIXTURE.donostia));

  it('reads the tournament section with XXR 9 and CRLF line endings', () => {
    expect(document.version).toBe('TRF16');
    expect(document.layout.lineEnding).toBe('\r\n');
    const { tournament } = document;
    expect(tournament.name).toBe('XX Open Internacional de Gros');
    expect([tournament.city, tournament.federation]).toEqual(['Donostia', 'ESP']);
    expect(tournament.startDate).toEqual({ text: '24/09/2010', iso: '2010-09-24', year: 2010 });
    expect(tournament.endDate?.iso).toBe('2010-10-02');
    expect(tournament.ratedPlayerCount).toBe(41);
    expect(tournament.chiefArbiter).toBe('IA Mikel Larreategi Arana (22232540)');
    expect(tournament.deputyArbiters).toEqual([]);
    expect(tournament.numberOfRounds).toBe(9);
    expect(document.rounds).toBe(9);
    expect(document.warnings).toEqual([]);
  });

  it('has 52 players, 11 rated 0, player 6 with FIDE id 0 and player 34 without birth year', () => {
    expect(document.players).toHaveLength(52);
    expect(document.players.filter((candidate) => candidate.rating === null)).toHaveLength(11);
    expect(player(document, 6)).toMatchObject({
      name: 'Gorrochategui Torres, Eugenio',
      rating: null,
      fideId: null,
      federation: 'ESP',
    });
    expect(player(document, 34).birthDate).toBeNull();
    expect(player(document, 1)).toMatchObject({
      sex: 'm',
      title: 'GM',
      birthDate: { text: '1978', iso: null, year: 1978 },
      fideId: 13400304,
    });
    expect(player(document, 23).sex).toBe('w');
  });

  it('has results in rounds 1-4, three preset byes in round 5 and nothing after', () => {
    const withResult = (round: number): number =>
      document.players.filter((candidate) => candidate.results[round - 1].result !== null).length;
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(withResult)).toEqual([52, 52, 52, 52, 3, 0, 0, 0, 0]);
    expect([22, 28, 43].map((startRank) => player(document, startRank).results[4].result)).toEqual(['Z', 'Z', 'H']);
    expect(
      player(document, 28)
        .results.slice(0, 5)
        .map((entry) => entry.result),
    ).toEqual(['Z', 'Z', 'Z', 'Z', 'Z']);
  });

  it('counts 4 + and 4 - forfeits, 16 H, 3 U and 6 Z byes; U scores like a win', () => {
    expect([countResults(document, '+', true), countResults(document, '-', true)]).toEqual([4, 4]);
    expect(['H', 'U', 'Z'].map((code) => countResults(document, code as TrfResultCode, false))).toEqual([16, 3, 6]);
    expect(player(document, 52).results[0]).toEqual({
      round: 1,
      opponent: null,
      colour: null,
      result: 'U',
      played: false,
      points: 1,
    });
    expect(player(document, 52).points).toBe(2.5);
  });
});

describe('parseTrf on the lichess.org export (non-standard dialect)', () => {
  const document = parseTrf(readFixture(FIXTURE.lichess));

  it('detects the lichess dialect and reads "May 10, 2020"', () => {
    expect(document.version).toBe('TRF16');
    expect(document.dialect).toBe('lichess');
    expect(document.tournament.startDate).toEqual({ text: 'May 10, 2020', iso: '2020-05-10', year: 2020 });
    expect(document.tournament.city).toBe('https://lichess.org/swiss/j8rtJ5GL');
    expect(document.tournament.numberOfRounds).toBe(21);
    expect(document.rounds).toBe(21);
    expect(document.rawRecords).toEqual([{ code: 'XXC', text: 'XXC rank white1', line: 10 }]);
  });

  it('puts the 112 players in start-rank order although 27 comes before 22 in the file', () => {
    expect(document.players.map((candidate) => candidate.startRank)).toEqual(
      Array.from({ length: 112 }, (_, index) => index + 1),
    );
    expect(player(document, 27).source?.line).toBe(32);
    expect(player(document, 22).source?.line).toBe(33);
    expect(warningCounts(document)).toEqual({ PLAYERS_OUT_OF_ORDER: 1, MISSING_FEDERATION: 112 });
    expect(document.warnings.find((item) => item.code === 'PLAYERS_OUT_OF_ORDER')?.message).toBe(
      'line 33, column 5: player 22 comes after a higher start rank; players are read in start-rank order',
    );
  });

  it('reads byes with a blank opponent: 18 H, 9 U and 1,065 absences', () => {
    expect(countResults(document, 'H', false)).toBe(18);
    expect(countResults(document, 'U', false)).toBe(9);
    expect(countResults(document, '-', false)).toBe(1065);
    expect(player(document, 10).results[0]).toEqual({
      round: 1,
      opponent: null,
      colour: null,
      result: 'H',
      played: false,
      points: 0.5,
    });
    expect(player(document, 2).results[12]).toEqual({
      round: 13,
      opponent: null,
      colour: null,
      result: '-',
      played: false,
      points: 0,
    });
    expect(player(document, 1)).toMatchObject({
      name: 'sherwin--tiu',
      rating: 2529,
      points: 14.5,
      fideId: null,
      rank: null,
      sex: null,
    });
  });
});

describe('parseTrf on the FIDE TEC team sample (TRF-2026)', () => {
  const document = parseTrf(readFixture(FIXTURE.grandmommysCup));

  it('reads the TRF-2026 tags', () => {
    expect(document.version).toBe('TRF-2026');
    const { tournament } = document;
    expect(tournament.name).toBe("Grandmommy's Cup");
    expect([tournament.playerCount, tournament.ratedPlayerCount, tournament.teamCount]).toEqual([249, 249, 50]);
    expect(tournament.deputyArbiters).toEqual(['The first Deputy Chief Arbiter', 'The second Deputy Chief Arbiter']);
    expect(tournament.timeControl).toBe(`100'x40+15'+30"`);
    expect(tournament.roundDates).toHaveLength(14);
    expect(tournament.roundDates[6]).toEqual({ text: '24/01/06', iso: '2024-01-06', year: 2024 });
    expect(tournament.numberOfRounds).toBe(14);
    expect(tournament.initialColour).toBe('w');
    expect(tournament.encodedType).toBe('FIDE_TEAM_BAKU');
    expect(tournament.tieBreaks).toEqual(['EDET/P', 'EMGSB/C1/P', 'BH:MP/C1/P', 'MPvGP']);
    expect(tournament.encodedTimeControl).toBe('40/6000+30:900+30');
    expect(tournament.boardColours).toBe('WBWB');
    expect(tournament.teamScoring).toEqual({ TW: 2, TD: 1, TL: 0 });
    expect(document.warnings).toEqual([]);
  });

  it('has 249 players over 14 rounds, with 98 0000 - + and 1,328 0000 - - entries', () => {
    expect(document.players).toHaveLength(249);
    expect(document.rounds).toBe(14);
    expect(countResults(document, '+', false)).toBe(98);
    expect(countResults(document, '-', false)).toBe(1328);
    expect(player(document, 1)).toMatchObject({
      name: 'Test0001 Player0001',
      rating: 2586,
      federation: 'IND',
      fideId: 70123454321,
    });
    expect(player(document, 1).birthDate).toEqual({ text: '1987/00/00', iso: null, year: 1987 });
  });

  it('reads the 50 teams of 013 and 310, and the national rating record', () => {
    expect(document.teams).toHaveLength(50);
    expect(document.teams[0]).toMatchObject({ name: 'India', members: [1, 5, 15, 28, 44] });
    expect(document.teamDetails).toHaveLength(50);
    expect(document.teamDetails[0]).toMatchObject({
      pairingNumber: 1,
      name: 'India',
      nickname: 'IND',
      strengthFactor: 2486,
      matchPoints: 15,
      gamePoints: 28,
      rank: 11,
      members: [1, 5, 15, 28, 44],
    });
    expect(document.teamDetails[31].members).toEqual([45, 42, 234, 114]);
    expect(document.nationalRatings).toEqual([
      {
        federation: 'FRA',
        startRank: 14,
        sex: 'm',
        classification: 'A',
        name: 'Test0014 Player0014',
        rating: 2700,
        origin: 'BRE',
        nationalId: 'L01854',
        birthDate: { text: '1990/00/00', iso: null, year: 1990 },
        source: { line: 284, text: 'FRA   14 m  A Test0014 Player0014               2700 BRE      L01854 1990/00/00' },
      },
    ]);
  });

  it('reads the records 240, 250, 260, 299, 300, 320 and 330', () => {
    expect(document.byeRecords).toHaveLength(18);
    expect(document.byeRecords[3]).toMatchObject({ type: 'H', round: 2, ids: [7, 39] });
    expect(document.accelerations).toHaveLength(4);
    expect(document.accelerations[2]).toMatchObject({
      matchPoints: 2,
      gamePoints: null,
      firstRound: 2,
      lastRound: 4,
      firstId: 1,
      lastId: 25,
    });
    expect(document.prohibitedPairings).toEqual([
      { firstRound: 1, lastRound: 14, ids: [1, 11, 16], source: { line: 366, text: '260   1  14    1   11   16' } },
    ]);
    expect(document.abnormalPoints.map(({ source: _source, ...fields }) => fields)).toEqual([
      { type: '+', matchPoints: 2, gamePoints: 2.5, round: 1, ids: [1] },
      { type: '-', matchPoints: 0, gamePoints: 1.5, round: null, ids: [] },
    ]);
    expect(document.outOfOrderLineups).toHaveLength(141);
    expect(document.outOfOrderLineups[9]).toMatchObject({
      round: 2,
      team: 14,
      opponent: 2,
      boards: [51, 60, 120, null],
    });
    expect(document.teamPairingAllocatedByes).toHaveLength(1);
    expect(document.teamPairingAllocatedByes[0]).toMatchObject({
      matchPoints: 1,
      gamePoints: 2,
      teams: [null, null, 50, 49, null, 46, 48, 45, null, 36, 43, null, null, 40],
    });
    expect(document.forfeitedMatches).toHaveLength(22);
    expect(document.forfeitedMatches[5]).toMatchObject({ type: '-+', round: 8, white: 27, black: 14 });
  });

  it('keeps 801/802 as text and lists the comment, blank and ruler lines it ignores', () => {
    expect(document.rawRecords.filter((record) => record.code === '801')).toHaveLength(50);
    expect(document.rawRecords.filter((record) => record.code === '802')).toHaveLength(50);
    const kinds = (kind: string): number[] =>
      document.extraLines.filter((line) => line.kind === kind).map((line) => line.line ?? 0);
    expect(kinds('comment')).toEqual([1, 2, 3, 4, 5, 6, 7, 365, 538]);
    expect(kinds('unrecognised')).toEqual([30, 31, 32, 283, 286, 287, 339, 359, 368, 511, 514, 543, 594, 596, 647]);
    expect(kinds('blank')).toHaveLength(14);
    expect(document.extraLines.find((line) => line.line === 32)?.text.startsWith('DDD SSSS sTTT NNNN')).toBe(true);
  });
});
