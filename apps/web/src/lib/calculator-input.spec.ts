import { calculateGame, K_FACTOR_PRESETS } from '@ratings/rating-rules';
import {
  DEFAULT_FORM,
  MAX_CALCULATOR_RATING,
  MAX_K_FACTOR,
  parseK,
  parseRating,
  readNumber,
  validateCalculatorForm,
  type CalculatorForm,
} from './calculator-input';

describe('readNumber', () => {
  it.each([
    ['1500', 1500],
    [' 1500 ', 1500],
    ['1 500', 1500],
    ['1\u202f500', 1500],
    ['1500,5', 1500.5],
    ['1500.5', 1500.5],
    ['+20', 20],
    ['-20', -20],
    ['0', 0],
  ])('%j → %d', (text, value) => {
    expect(readNumber(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'notANumber'],
    ['1e3', 'notANumber'],
    ['0x10', 'notANumber'],
    ['15,00,0', 'notANumber'],
    ['1500.', 'notANumber'],
    ['NaN', 'notANumber'],
    ['Infinity', 'notANumber'],
  ])('%j → %s', (text, error) => {
    expect(readNumber(text)).toEqual({ ok: false, error });
  });
});

describe('parseRating', () => {
  it('accepts the whole range from 0 to the maximum', () => {
    expect(parseRating('0')).toEqual({ ok: true, value: 0 });
    expect(parseRating(String(MAX_CALCULATOR_RATING))).toEqual({ ok: true, value: MAX_CALCULATOR_RATING });
  });

  it.each([
    ['-1', 'negative'],
    ['-0,5', 'negative'],
    [String(MAX_CALCULATOR_RATING + 1), 'tooHigh'],
    ['15000', 'tooHigh'],
    ['', 'required'],
    ['douze', 'notANumber'],
  ])('%j → %s', (text, error) => {
    expect(parseRating(text)).toEqual({ ok: false, error });
  });
});

describe('parseK', () => {
  it.each([
    ['24', 24],
    ['12,5', 12.5],
    [String(MAX_K_FACTOR), MAX_K_FACTOR],
  ])('%j → %d', (text, value) => {
    expect(parseK(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['0', 'kNotPositive'],
    ['-10', 'kNotPositive'],
    [String(MAX_K_FACTOR + 1), 'kTooHigh'],
    ['', 'required'],
    ['k', 'notANumber'],
  ])('%j → %s', (text, error) => {
    expect(parseK(text)).toEqual({ ok: false, error });
  });
});

describe('validateCalculatorForm', () => {
  const form = (patch: Partial<CalculatorForm>): CalculatorForm => ({ ...DEFAULT_FORM, ...patch });

  it('turns the default form into calculateGame arguments', () => {
    expect(validateCalculatorForm(DEFAULT_FORM)).toEqual({
      ok: true,
      input: { rating: 1500, opponent: 1500, score: 1, k: 20, model: 'logistic', cap400: false },
    });
  });

  it.each([
    ['win', 1],
    ['draw', 0.5],
    ['loss', 0],
  ] as const)('scores a %s as %d', (result, score) => {
    const validation = validateCalculatorForm(form({ result }));
    expect(validation.ok && validation.input.score).toBe(score);
  });

  it('reads the custom K only when Custom is chosen', () => {
    expect(validateCalculatorForm(form({ kChoice: 'custom', customK: '24' }))).toMatchObject({
      ok: true,
      input: { k: 24 },
    });
    expect(validateCalculatorForm(form({ kChoice: 40, customK: 'not read' }))).toMatchObject({
      ok: true,
      input: { k: 40 },
    });
  });

  it('names every wrong field at once', () => {
    expect(validateCalculatorForm(form({ rating: '-100', opponent: '', kChoice: 'custom', customK: '0' }))).toEqual({
      ok: false,
      errors: { rating: 'negative', opponent: 'required', customK: 'kNotPositive' },
    });
  });

  it('refuses a K that is not one of the presets (a programming error, not input)', () => {
    expect(() => validateCalculatorForm(form({ kChoice: 33 }))).toThrow('K 33 is not one of the presets');
  });

  it('matches the Elo calculator page: 1600 beats 1200 with K = 32 → 1603 (vector s002-1600-1200-1-k32)', () => {
    const validation = validateCalculatorForm(form({ rating: '1600', opponent: '1200', kChoice: 32 }));
    if (!validation.ok) throw new Error('expected valid input');
    const game = calculateGame(validation.input);
    expect(game.expected).toBeCloseTo(0.909091, 6);
    expect(game.newRating).toBe(1603);
    expect(game.opponentNewRating).toBe(1197);
  });

  it('never hands calculateGame anything that gives NaN', () => {
    const texts = ['0', '1', '1500', '3999,9', String(MAX_CALCULATOR_RATING)];
    for (const rating of texts) {
      for (const opponent of texts) {
        for (const kChoice of [...K_FACTOR_PRESETS, 'custom' as const]) {
          const validation = validateCalculatorForm(
            form({ rating, opponent, kChoice, customK: '0,01', model: 'fide-table', cap400: true }),
          );
          if (!validation.ok) throw new Error(`${rating} vs ${opponent} refused`);
          const game = calculateGame(validation.input);
          for (const value of [
            game.expected,
            game.change,
            game.newRating,
            game.opponentNewRating,
            game.scenarios.loss.newRating,
          ]) {
            expect(Number.isFinite(value)).toBe(true);
          }
        }
      }
    }
  });
});
