import fc from 'fast-check';
import { roundFraction, roundHalfAwayFromZero } from './rounding';

describe('roundHalfAwayFromZero', () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [1.5, 2],
    [-1.5, -2],
    [0.5, 1],
    [-0.5, -1],
    [1.6, 2],
    [-1.6, -2],
    [0.49999999999999994, 0],
    [-0.49999999999999994, 0],
    [2.4999999999999996, 2],
    [1e15 + 0.5, 1e15 + 1],
  ])('%d → %d', (value, rounded) => expect(roundHalfAwayFromZero(value)).toBe(rounded));

  it('never returns −0 (Math.round(−0.4) does)', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.4), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-0), 0)).toBe(true);
  });

  it('agrees with sign(x)·Math.round(|x|) everywhere and is odd: round(−x) = −round(x)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(roundHalfAwayFromZero(x)).toBe(Math.sign(x) * Math.round(Math.abs(x)) + 0);
        expect(roundHalfAwayFromZero(-x)).toBe(-roundHalfAwayFromZero(x) + 0);
      }),
    );
  });
});

describe('roundFraction (exact rounding of n/d)', () => {
  it.each([
    [1000, 16, 'up', 63],
    [1000, 16, 'down', 62],
    [2300, 40, 'up', 58],
    [7, 2, 'up', 4],
    [7, 2, 'down', 3],
  ] as const)('%d/%d rounded %s → %d', (n, d, halves, expected) => expect(roundFraction(n, d, halves)).toBe(expected));
});
