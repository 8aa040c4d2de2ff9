import { poolsByIds, submitTournament, tournamentRatingPeriod } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';
import { describeTournament, tournamentIdArgument } from '../tournaments';

export const submitCommand = defineCommand({
  name: 'submit',
  summary: 'submit a DRAFT tournament: ACCEPTED at once for the next rating run of its period',
  description: [
    'Moves a reviewed DRAFT tournament (imported with `ratings import-trf`, or recorded on the staff site) to',
    'ACCEPTED (the command line acts as the rating officer, whose own submission needs no review): the run of',
    'the period it falls in rates it. Prints that period and the `ratings run` command. Refused (CONFLICT)',
    'when the tournament is not a DRAFT, or has no games.',
  ],
  positionals: [{ name: 'tournament', description: 'the tournament id, as import-trf prints it' }],
  options: {},
  examples: ['ratings submit 1437'],
  async run({ positionals: [argument] }, ctx) {
    const tournamentId = tournamentIdArgument(argument);
    await withDatabase(ctx.database, {}, async (db) => {
      const tournament = await submitTournament(db.dataSource, { tournamentId }, ctx.actor);
      const [pool] = await poolsByIds(db.dataSource, [tournament.poolId]);
      const { period } = await tournamentRatingPeriod(db.dataSource, tournament);
      ctx.io.stdout.write(
        [
          `Submitted tournament ${describeTournament(tournament)}: DRAFT → ${tournament.status}.`,
          `The run of pool ${pool!.code}, period ${period}, rates it:`,
          `  ratings run --pool ${pool!.code} --period ${period}`,
        ].join('\n') + '\n',
      );
    });
  },
});
