import { returnTournament } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';
import { tournamentIdArgument } from './tournament-id';

export const returnCommand = defineCommand({
  name: 'return',
  summary: 'return a submitted tournament to its arbiter, saying what to fix',
  description: [
    'Returns a SUBMITTED tournament to DRAFT, with a reason its arbiter reads in its status history; he fixes',
    'it and submits it again. Anything but a SUBMITTED tournament is refused.',
  ],
  positionals: [{ name: 'tournament', description: 'the tournament id' }],
  options: {
    reason: { type: 'string', value: '<text>', description: 'what the arbiter must fix', required: true },
  },
  examples: ['ratings return 7 --reason "Round 5 is missing"'],
  async run({ positionals: [argument], options }, ctx) {
    const tournamentId = tournamentIdArgument(argument);
    await withDatabase(ctx.database, {}, async (db) => {
      const tournament = await returnTournament(db.dataSource, { tournamentId, reason: options.reason }, ctx.actor);
      ctx.io.stdout.write(
        `Returned tournament ${tournament.id} "${tournament.name}" to DRAFT: ${options.reason.trim()}\n`,
      );
    });
  },
});
