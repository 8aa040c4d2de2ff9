import { DISTRIBUTION_BUCKET_SIZE } from '@ratings/contract';

/**
 * Shaping a list's rating distribution for the histogram: players per band (`DISTRIBUTION_BUCKET_SIZE`
 * points), every band between the lowest and highest present (empty bands shown as 0, so the shape is
 * not distorted).
 */

/** One band as the API gives it: its lower bound and how many players it holds. */
export interface DistributionBucket {
  min: number;
  count: number;
}

export interface DistributionBand extends DistributionBucket {
  /** Upper bound, inclusive (`min + size − 1`). */
  max: number;
}

export function completeDistribution(
  buckets: readonly DistributionBucket[],
  size = DISTRIBUTION_BUCKET_SIZE,
): DistributionBand[] {
  const counts = new Map<number, number>();
  for (const bucket of buckets) {
    if (!Number.isInteger(bucket.min) || bucket.min < 0 || bucket.min % size !== 0) {
      throw new RangeError(`Band lower bound must be a non-negative multiple of ${size}, got ${bucket.min}`);
    }
    if (!Number.isInteger(bucket.count) || bucket.count < 0)
      throw new RangeError(`Band ${bucket.min} has an invalid count: ${bucket.count}`);
    if (counts.has(bucket.min)) throw new RangeError(`Band ${bucket.min} appears twice`);
    counts.set(bucket.min, bucket.count);
  }
  if (counts.size === 0) return [];
  const lowest = Math.min(...counts.keys());
  const highest = Math.max(...counts.keys());
  const bands: DistributionBand[] = [];
  for (let min = lowest; min <= highest; min += size)
    bands.push({ min, max: min + size - 1, count: counts.get(min) ?? 0 });
  return bands;
}
