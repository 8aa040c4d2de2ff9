import {
  exportLinks,
  poolFeedHref,
  poolHistoryLinks,
  revisionsNewestFirst,
  toDiffRows,
  toDistributionBuckets,
  type DiffRowData,
} from './lists.queries';
import { completeDistribution } from './rating-distribution';

const diffRow = (id: string, surname: string, overrides: Partial<DiffRowData>): DiffRowData => ({
  oldRating: null,
  newRating: null,
  oldProvisional: null,
  newProvisional: null,
  oldRank: null,
  newRank: null,
  player: { id, surname, givenName: 'Test' },
  ...overrides,
});

describe('toDiffRows', () => {
  it('shows each changed line from what to what, by new rank', () => {
    const rows = toDiffRows([
      diffRow('5', 'Joueur03', {
        oldRating: 1490,
        newRating: 1502,
        oldProvisional: true,
        newProvisional: false,
        oldRank: 17,
        newRank: 16,
      }),
      // The small test federation's correction: Tremblay's gain corrected from 25 to 10.
      diffRow('2', 'Tremblay', { oldRating: 2415, newRating: 2400, oldRank: 2, newRank: 2 }),
      diffRow('9', 'Nouveau', { newRating: 1410, newProvisional: true, newRank: 25 }),
      diffRow('8', 'Retiré', { oldRating: 1390, oldRank: 26 }),
    ]);
    expect(rows).toEqual([
      {
        playerId: '2',
        name: 'Tremblay, Test',
        oldDisplay: '2415',
        newDisplay: '2400',
        delta: -15,
        oldRank: 2,
        newRank: 2,
      },
      {
        playerId: '5',
        name: 'Joueur03, Test',
        oldDisplay: '~1490',
        newDisplay: '1502',
        delta: 12,
        oldRank: 17,
        newRank: 16,
      },
      {
        playerId: '9',
        name: 'Nouveau, Test',
        oldDisplay: null,
        newDisplay: '~1410',
        delta: null,
        oldRank: null,
        newRank: 25,
      },
      {
        playerId: '8',
        name: 'Retiré, Test',
        oldDisplay: '1390',
        newDisplay: null,
        delta: null,
        oldRank: 26,
        newRank: null,
      },
    ]);
  });
});

describe('revisionsNewestFirst', () => {
  it('orders the revisions from the latest, without touching the API’s array', () => {
    const revisions = [{ revision: 0 }, { revision: 2 }, { revision: 1 }];
    expect(revisionsNewestFirst(revisions).map((r) => r.revision)).toEqual([2, 1, 0]);
    expect(revisions.map((r) => r.revision)).toEqual([0, 2, 1]);
  });
});

describe('toDistributionBuckets', () => {
  it('reads the API’s buckets as the histogram’s bands', () => {
    const buckets = toDistributionBuckets([
      { from: 700, to: 799, count: 2 },
      { from: 900, to: 999, count: 1 },
    ]);
    expect(buckets).toEqual([
      { min: 700, count: 2 },
      { min: 900, count: 1 },
    ]);
    expect(completeDistribution(buckets).map((band) => [band.min, band.count])).toEqual([
      [700, 2],
      [800, 0],
      [900, 1],
    ]);
  });
});

describe('exportLinks', () => {
  it('links the API’s absolute URLs as they come, behind a proxy prefix too, in the page’s order', () => {
    expect(
      exportLinks({
        xml: 'https://ratings.example.org/api/exports/lists/3.xml',
        txt: 'https://ratings.example.org/api/exports/lists/3.txt',
        json: 'https://ratings.example.org/api/exports/lists/3.json',
        csv: 'https://ratings.example.org/api/exports/lists/3.csv',
      }),
    ).toEqual([
      { format: 'csv', href: 'https://ratings.example.org/api/exports/lists/3.csv' },
      { format: 'json', href: 'https://ratings.example.org/api/exports/lists/3.json' },
      { format: 'txt', href: 'https://ratings.example.org/api/exports/lists/3.txt' },
      { format: 'xml', href: 'https://ratings.example.org/api/exports/lists/3.xml' },
    ]);
  });
});

describe('poolFeedHref', () => {
  it('points at the pool’s Atom feed under the public API address, in French for the French pages', () => {
    expect(poolFeedHref('standard', 'en', 'https://ratings.example.org/api')).toBe(
      'https://ratings.example.org/api/exports/pools/standard/lists.atom',
    );
    expect(poolFeedHref('jeunes ados', 'fr', 'https://api.example.org')).toBe(
      'https://api.example.org/exports/pools/jeunes%20ados/lists.atom?lang=fr',
    );
  });
});

describe('poolHistoryLinks', () => {
  it('points at the pool’s two history files under the public API address, behind a proxy prefix too', () => {
    expect(poolHistoryLinks('standard', 'https://ratings.example.org/api')).toEqual([
      { kind: 'lists', href: 'https://ratings.example.org/api/exports/pools/standard/history-lists.csv' },
      { kind: 'tournaments', href: 'https://ratings.example.org/api/exports/pools/standard/history-tournaments.csv' },
    ]);
  });
});
