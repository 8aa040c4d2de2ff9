import { rankingEntry } from './__fixtures__/api-data';
import { rankingRowId, toRankingRow } from './ranking-entries';

describe('toRankingRow', () => {
  it('reshapes an API entry for the tables', () => {
    const entry = rankingEntry(1, {
      rating: 1543,
      provisional: true,
      display: '~1543',
      change: null,
      player: {
        id: '7',
        surname: 'Lévesque',
        givenName: 'Émilie',
        titles: ['WGM'],
        federation: 'CAN',
        club: 'Échiquier de Québec',
      },
    });
    expect(toRankingRow(entry)).toEqual({
      rank: 1,
      playerId: '7',
      name: 'Lévesque, Émilie',
      titles: ['WGM'],
      rating: 1543,
      display: '~1543',
      provisional: true,
      change: null,
      games: 30,
      bestPlayer: true,
      category: { code: 'M', name: 'Maître', nameEn: 'Master' },
      federation: 'CAN',
      club: 'Échiquier de Québec',
    });
  });
});

describe('rankingRowId', () => {
  it('names the row a profile links to', () => {
    expect(rankingRowId('42')).toBe('player-42');
  });
});
