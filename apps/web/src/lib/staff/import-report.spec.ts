import { toImportReportView } from './import-report';

describe('toImportReportView', () => {
  it("reads libs/core's report: players matched and created, games, skipped lines and warnings", () => {
    const view = toImportReportView({
      tournamentId: '7',
      status: 'IMPORTED',
      players: {
        matched: [{ startRank: 1, playerId: 12, by: 'FIDE_ID' }],
        created: [{ startRank: 2, playerId: 31 }],
      },
      games: { played: 40, unplayed: 1, forfeits: 2, byes: 3 },
      skipped: [{ line: 14, reason: 'team record (310) not imported' }],
      warnings: [{ code: 'NO_BIRTH_DATE', message: 'birth date missing', line: 9, count: 4 }],
    });
    expect(view).toEqual({
      tournamentId: '7',
      alreadyImported: false,
      matched: [{ startRank: 1, playerId: '12', by: 'FIDE_ID' }],
      created: [{ startRank: 2, playerId: '31' }],
      games: { played: 40, unplayed: 1, forfeits: 2, byes: 3 },
      skipped: [{ line: 14, reason: 'team record (310) not imported' }],
      warnings: [{ code: 'NO_BIRTH_DATE', message: 'birth date missing', line: 9, count: 4 }],
    });
  });

  it('says when the same file was imported before, and reads missing parts as empty', () => {
    const view = toImportReportView({
      tournamentId: '7',
      status: 'ALREADY_IMPORTED',
      players: null,
      games: {},
      skipped: 'not a list',
      warnings: [],
    });
    expect(view.alreadyImported).toBe(true);
    expect(view.matched).toEqual([]);
    expect(view.skipped).toEqual([]);
    expect(view.games).toEqual({ played: 0, unplayed: 0, forfeits: 0, byes: 0 });
  });
});
