import { UsageError } from '../command';

/** A tournament id given on the command line, or a UsageError saying what is wrong. */
export function tournamentIdArgument(raw: string): number {
  const id = Number(raw);
  if (!/^[1-9]\d*$/.test(raw.trim()) || !Number.isSafeInteger(id))
    throw new UsageError(`<tournament> must be a tournament id, a whole number from 1 (got "${raw}")`);
  return id;
}
