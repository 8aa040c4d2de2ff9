import type { PeriodOutlook, PeriodTournament } from '@ratings/core';
import { UsageError } from './command';

const TOURNAMENT_ID = /^[1-9]\d*$/;

/** A `<tournament>` argument: its id, as import-trf prints it. */
export function tournamentIdArgument(argument: string): number {
  if (!TOURNAMENT_ID.test(argument)) throw new UsageError(`"${argument}" is not a tournament id (a whole number: 42)`);
  return Number(argument);
}

/** `1437 "Open de Sherbrooke" (ended 2026-11-08)`. */
export const describeTournament = (tournament: Pick<PeriodTournament, 'id' | 'name' | 'endDate'>): string =>
  `${tournament.id} "${tournament.name}" (ended ${tournament.endDate})`;

/** The DRAFT tournaments a run of the outlook's period leaves out, each with the command that submits it. */
export function waitingDraftLines(outlook: PeriodOutlook): string[] {
  return outlook.drafts.map((draft) => `  ${describeTournament(draft)}: ratings submit ${draft.id}`);
}
