import { acceptTournament } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';
import { tournamentIdArgument } from './tournament-id';

export const acceptCommand = defineCommand({
  name: 'accept',
  summary: "accept an arbiter's submitted tournament for rating",
  description: [
    'Accepts a SUBMITTED tournament (an arbiter submitted it and it waits for review): it becomes ACCEPTED,',
    'public, and the next run of the period after it ended rates it. Anything else is refused. Send it back',
    'to its arbiter instead with `ratings return <tournament> --reason "…"`.',
  ],
  positionals: [{ name: 'tournament', description: 'the tournament id' }],
  options: {},
  examples: ['ratings accept 7'],
  async run({ positionals: [argument] }, ctx) {
    const tournamentId = tournamentIdArgument(argument);
    await withDatabase(ctx.database, {}, async (db) => {
      const tournament = await acceptTournament(db.dataSource, { tournamentId }, ctx.actor);
      ctx.io.stdout.write(
        `Accepted tournament ${tournament.id} "${tournament.name}" (ended ${tournament.endDate}): the next run of its period rates it.\n`,
      );
    });
  },
});
