import fc from 'fast-check';
import { EXPECTATION_MODELS, expectancyCurve, expectedScore, logisticExpectedScore } from './expectation';

const rating = fc.integer({ min: 0, max: 3500 });
const model = fc.constantFrom(...EXPECTATION_MODELS);

describe('expectedScore', () => {
  it('E(a, b) + E(b, a) = 1 in both models, with or without the 400-point cap', () => {
    fc.assert(
      fc.property(rating, rating, model, fc.boolean(), (a, b, m, cap) => {
        expect(expectedScore(a, b, m, cap) + expectedScore(b, a, m, cap)).toBeCloseTo(1, 12);
      }),
    );
  });

  it('is monotonic (non-decreasing) in the rating difference', () => {
    fc.assert(
      fc.property(
        rating,
        rating,
        fc.integer({ min: 0, max: 1000 }),
        model,
        fc.boolean(),
        (own, opponent, more, m, cap) => {
          expect(expectedScore(own + more, opponent, m, cap)).toBeGreaterThanOrEqual(
            expectedScore(own, opponent, m, cap),
          );
        },
      ),
    );
  });

  it('logistic is 1/(1 + 10^(−D/400)) (the spec formula) to the last digits', () => {
    fc.assert(
      fc.property(fc.double({ min: -2000, max: 2000, noNaN: true }), (d) => {
        expect(logisticExpectedScore(d)).toBeCloseTo(1 / (1 + 10 ** (-d / 400)), 14);
      }),
    );
  });

  it('logistic is exactly 1/(1 + e^(−D·ln10/400)), whole differences read from the table included', () => {
    const formula = (d: number) => 1 / (1 + Math.exp(-d * (Math.LN10 / 400)));
    for (let d = -5000; d <= 5000; d++) expect(Object.is(logisticExpectedScore(d), formula(d))).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: -5000, max: 5000, noNaN: true }), (d) => {
        expect(logisticExpectedScore(d)).toBe(formula(d));
      }),
    );
    expect(logisticExpectedScore(4096 + 1e-12)).toBe(formula(4096 + 1e-12));
    expect(logisticExpectedScore(Number.NaN)).toBeNaN();
  });

  it.each([
    ['logistic', false, 0.990099],
    ['logistic', true, 0.909091],
    ['fide-table', false, 1],
    ['fide-table', true, 0.92],
  ] as const)('%s with cap %s: 2000 against 1200 expects %d', (m, cap, expected) => {
    expect(expectedScore(2000, 1200, m, cap)).toBeCloseTo(expected, 6);
  });
});

describe('expectancyCurve', () => {
  it('samples D from −800 to 800 every 10 points by default, symmetric around .5', () => {
    const curve = expectancyCurve();
    expect(curve).toHaveLength(161);
    expect(curve[0].difference).toBe(-800);
    expect(curve[160]).toEqual({ difference: 800, expected: expectedScore(800, 0) });
    expect(curve[80]).toEqual({ difference: 0, expected: 0.5 });
    curve.forEach((point, i) => expect(point.expected + curve[160 - i].expected).toBeCloseTo(1, 12));
  });

  it('follows the chosen model and step', () => {
    const curve = expectancyCurve({ model: 'fide-table', cap400: true, step: 100 });
    expect(curve.map((p) => p.expected)).toEqual([
      0.08, 0.08, 0.08, 0.08, 0.08, 0.15, 0.24, 0.36, 0.5, 0.64, 0.76, 0.85, 0.92, 0.92, 0.92, 0.92, 0.92,
    ]);
  });
});
