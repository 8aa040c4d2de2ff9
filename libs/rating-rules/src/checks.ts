import { fail } from './errors';

export type GameScore = 0 | 0.5 | 1;

export function isGameScore(value: unknown): value is GameScore {
  return value === 0 || value === 0.5 || value === 1;
}

export function assertRating(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    fail('INVALID_RATING', field, 'must be a finite rating ≥ 0', value);
  }
}

export function assertGameScore(value: unknown, field: string): asserts value is GameScore {
  if (!isGameScore(value)) fail('INVALID_SCORE', field, 'must be 1 (win), 0.5 (draw) or 0 (loss)', value);
}

export function assertK(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    fail('INVALID_K', field, 'must be a finite number > 0', value);
  }
}
