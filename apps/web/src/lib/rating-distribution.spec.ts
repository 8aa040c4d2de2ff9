import { completeDistribution } from './rating-distribution';

describe('completeDistribution', () => {
  it('orders the bands and fills the empty ones between the lowest and the highest', () => {
    expect(
      completeDistribution([
        { min: 1700, count: 4 },
        { min: 1400, count: 12 },
        { min: 1500, count: 30 },
      ]),
    ).toEqual([
      { min: 1400, max: 1499, count: 12 },
      { min: 1500, max: 1599, count: 30 },
      { min: 1600, max: 1699, count: 0 },
      { min: 1700, max: 1799, count: 4 },
    ]);
  });

  it('gives nothing for a list without players', () => {
    expect(completeDistribution([])).toEqual([]);
  });

  it.each([
    [[{ min: 1450, count: 3 }], 'non-negative multiple of 100, got 1450'],
    [[{ min: -100, count: 3 }], 'non-negative multiple of 100, got -100'],
    [[{ min: 1400, count: -1 }], 'Band 1400 has an invalid count: -1'],
    [[{ min: 1400, count: 2.5 }], 'Band 1400 has an invalid count: 2.5'],
    [
      [
        { min: 1400, count: 1 },
        { min: 1400, count: 2 },
      ],
      'Band 1400 appears twice',
    ],
  ])('refuses %j', (buckets, message) => {
    expect(() => completeDistribution(buckets)).toThrow(message);
  });
});
