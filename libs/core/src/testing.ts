import { buildTrf, writeTrf } from '@ratings/trf';

/**
 * Test helpers for the layers above core (the API, the CLI): a fresh migrated database per test file and
 * factories to fill it, re-exported so those layers depend on core alone.
 */
export * from '@ratings/db/testing';

/**
 * A valid TRF16 report of a one-round open with `players` players (an even number), written by libs/trf: every
 * player new to the database (distinct names, no ids), board i pairing start ranks 2i-1 and 2i, white winning.
 * About 100 characters per player.
 */
export function generatedTrf(players: number): string {
  if (!Number.isInteger(players) || players < 2 || players % 2 !== 0) {
    throw new RangeError(`generatedTrf: players must be an even whole number ≥ 2 (got ${players})`);
  }
  const startRanks = Array.from({ length: players }, (_, index) => index + 1);
  return writeTrf(
    buildTrf({
      version: 'TRF16',
      tournament: { name: `Generated open of ${players}`, startDate: '2026-01-10', endDate: '2026-01-10', rounds: 1 },
      players: startRanks.map((startRank) => ({
        startRank,
        name: `Generated${String(startRank).padStart(5, '0')}, Player`,
      })),
      games: startRanks
        .filter((startRank) => startRank % 2 === 1)
        .map((white) => ({ round: 1, white, black: white + 1, result: '1-0' as const })),
    }),
    { version: 'TRF16' },
  );
}
