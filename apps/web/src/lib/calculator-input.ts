import { K_FACTOR_PRESETS, type ExpectationModel, type GameScore } from '@ratings/rating-rules';

/**
 * Reading the calculator's form: what the visitor typed becomes numbers for `calculateGame`, or a
 * precise reason per field. Nothing invalid ever reaches the maths, so the page never shows NaN.
 */

/** Above any rating ever published (the record is 2882); it catches typos such as 15000. */
export const MAX_CALCULATOR_RATING = 4000;
/** The largest K in use is 40 (FIDE, new players); 100 leaves room for experiments and catches typos. */
export const MAX_K_FACTOR = 100;

export type GameResult = 'win' | 'draw' | 'loss';
export const GAME_RESULTS: readonly GameResult[] = ['win', 'draw', 'loss'];
/** Scores of rating-rules.md §0: 1 for a win, 0.5 for a draw, 0 for a loss. */
export const SCORE_OF: Record<GameResult, GameScore> = { win: 1, draw: 0.5, loss: 0 };

/** One of the library's `K_FACTOR_PRESETS`, or a K the visitor types. */
export type KChoice = number | 'custom';

export type RatingError = 'required' | 'notANumber' | 'negative' | 'tooHigh';
export type KError = 'required' | 'notANumber' | 'kNotPositive' | 'kTooHigh';

/** The form as the visitor left it: text exactly as typed, choices as selected. */
export interface CalculatorForm {
  rating: string;
  opponent: string;
  result: GameResult;
  kChoice: KChoice;
  customK: string;
  model: ExpectationModel;
  cap400: boolean;
}

/** The arguments `calculateGame` takes. */
export interface CalculatorInput {
  rating: number;
  opponent: number;
  score: GameScore;
  k: number;
  model: ExpectationModel;
  cap400: boolean;
}

export interface CalculatorErrors {
  rating?: RatingError;
  opponent?: RatingError;
  customK?: KError;
}

export type CalculatorValidation = { ok: true; input: CalculatorInput } | { ok: false; errors: CalculatorErrors };

export const DEFAULT_FORM: CalculatorForm = {
  rating: '1500',
  opponent: '1500',
  result: 'win',
  kChoice: 20,
  customK: '',
  model: 'logistic',
  cap400: false,
};

/** Digits with an optional sign and one decimal separator (French comma or dot); no exponents, no hex. */
const DECIMAL = /^[+-]?\d+(?:[.,]\d+)?$/;
/** Spaces people type as thousands separators, including the no-break spaces French formatting uses. */
const GROUPING_SPACES = /[\s\u00a0\u202f]/g;

type NumberReading = { ok: true; value: number } | { ok: false; error: 'required' | 'notANumber' };

/** `"1 500"`, `"1500,5"`, `"-20"` → numbers; anything else says why not. */
export function readNumber(text: string): NumberReading {
  const compact = text.replace(GROUPING_SPACES, '');
  if (compact === '') return { ok: false, error: 'required' };
  if (!DECIMAL.test(compact)) return { ok: false, error: 'notANumber' };
  return { ok: true, value: Number(compact.replace(',', '.')) };
}

export function parseRating(text: string): { ok: true; value: number } | { ok: false; error: RatingError } {
  const reading = readNumber(text);
  if (!reading.ok) return reading;
  if (reading.value < 0) return { ok: false, error: 'negative' };
  if (reading.value > MAX_CALCULATOR_RATING) return { ok: false, error: 'tooHigh' };
  return reading;
}

export function parseK(text: string): { ok: true; value: number } | { ok: false; error: KError } {
  const reading = readNumber(text);
  if (!reading.ok) return reading;
  if (reading.value <= 0) return { ok: false, error: 'kNotPositive' };
  if (reading.value > MAX_K_FACTOR) return { ok: false, error: 'kTooHigh' };
  return reading;
}

/** A preset arrives from a radio button; anything but a library preset is a programming error. */
function parsePresetK(k: number): { ok: true; value: number } {
  if (!K_FACTOR_PRESETS.includes(k))
    throw new RangeError(`K ${k} is not one of the presets ${K_FACTOR_PRESETS.join(', ')}`);
  return { ok: true, value: k };
}

export function validateCalculatorForm(form: CalculatorForm): CalculatorValidation {
  const rating = parseRating(form.rating);
  const opponent = parseRating(form.opponent);
  const k = form.kChoice === 'custom' ? parseK(form.customK) : parsePresetK(form.kChoice);
  if (rating.ok && opponent.ok && k.ok) {
    return {
      ok: true,
      input: {
        rating: rating.value,
        opponent: opponent.value,
        score: SCORE_OF[form.result],
        k: k.value,
        model: form.model,
        cap400: form.cap400,
      },
    };
  }
  const errors: CalculatorErrors = {};
  if (!rating.ok) errors.rating = rating.error;
  if (!opponent.ok) errors.opponent = opponent.error;
  if (!k.ok) errors.customK = k.error;
  return { ok: false, errors };
}
