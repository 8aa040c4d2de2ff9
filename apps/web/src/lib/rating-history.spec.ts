import { formatRating } from '@ratings/rating-rules';
import {
  ratingAxisDomain,
  ratingAxisTicks,
  SINGLE_POINT_TIME_PADDING_MS,
  timeAxisDomain,
  toChartPoints,
  type HistoryPoint,
} from './rating-history';

const point = (date: string, rating: number, provisional = false): HistoryPoint => ({
  date,
  rating,
  provisional,
  listLabel: `Liste ${date.slice(0, 7)}`,
  tournaments: [],
});

describe('toChartPoints', () => {
  it('orders the lists by date and gives each the change from the previous list', () => {
    const points = toChartPoints([
      point('2024-05-01', 1560),
      point('2024-03-01', 1500, true),
      point('2024-04-01', 1543, true),
    ]);
    expect(points.map((p) => [p.date, p.rating, p.change])).toEqual([
      ['2024-03-01', 1500, null],
      ['2024-04-01', 1543, 43],
      ['2024-05-01', 1560, 17],
    ]);
    expect(points[0].time).toBe(Date.UTC(2024, 2, 1));
  });

  it('keeps the tournaments behind each change', () => {
    const [only] = toChartPoints([
      { ...point('2024-03-01', 1512), tournaments: [{ name: 'Open de Paris', change: 12 }] },
    ]);
    expect(only.tournaments).toEqual([{ name: 'Open de Paris', change: 12 }]);
  });

  it('refuses a point without a valid date', () => {
    expect(() => toChartPoints([point('mars 2024', 1500)])).toThrow('History point has an invalid date: "mars 2024"');
  });

  it('shows a provisional rating with its tilde', () => {
    const labels = toChartPoints([point('2024-03-01', 1543, true), point('2024-04-01', 1550)]).map((p) =>
      formatRating(p.rating, p.provisional),
    );
    expect(labels).toEqual(['~1543', '1550']);
  });
});

describe('ratingAxisDomain', () => {
  it.each([
    [
      [1480, 1620],
      [1400, 1700],
    ],
    [[1500], [1450, 1550]],
    [
      [1501, 1549],
      [1450, 1600],
    ],
    [
      [20, 80],
      [0, 150],
    ],
  ])('%j → %j', (ratings, domain) => {
    expect(ratingAxisDomain(ratings.map((rating) => ({ rating })))).toEqual(domain);
  });

  it('needs a point', () => {
    expect(() => ratingAxisDomain([])).toThrow(RangeError);
  });
});

describe('ratingAxisTicks', () => {
  it.each([
    [
      [1350, 1700],
      [1400, 1500, 1600, 1700],
    ],
    [
      [1450, 1550],
      [1450, 1500, 1550],
    ],
    [
      [1400, 1700],
      [1400, 1450, 1500, 1550, 1600, 1650, 1700],
    ],
    [
      [0, 2850],
      [0, 500, 1000, 1500, 2000, 2500],
    ],
  ] as [[number, number], number[]][])('%j → %j', (domain, ticks) => {
    expect(ratingAxisTicks(domain)).toEqual(ticks);
  });
});

describe('timeAxisDomain', () => {
  it('spans the lists, or pads a single list so it is not on the edge', () => {
    expect(timeAxisDomain([{ time: 10 }, { time: 50 }])).toEqual([10, 50]);
    expect(timeAxisDomain([{ time: 1000 }])).toEqual([
      1000 - SINGLE_POINT_TIME_PADDING_MS,
      1000 + SINGLE_POINT_TIME_PADDING_MS,
    ]);
  });
});
