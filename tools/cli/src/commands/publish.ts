import { poolsByIds, publishRatingList } from '@ratings/core';
import { defineCommand } from '../command';
import { withDatabase } from '../database';
import { count, counted } from '../io';
import { findList, LIST_ARGUMENT_HELP } from '../lists';

export const publishCommand = defineCommand({
  name: 'publish',
  summary: 'publish a draft rating list (it can never change again)',
  description: [
    "Publishes a DRAFT list computed by `ratings run`: it becomes the pool's official list from its effective",
    'date, immutable (the database itself refuses any change), and the tournaments it rated become RATED.',
    'Lists are published in period order. A mistake found later is corrected by a republication (a new',
    'revision), never by editing a published list. Refused when the draft no longer matches the data (a',
    'tournament reopened or submitted since the run): run the period again first.',
  ],
  positionals: [{ name: 'list', description: LIST_ARGUMENT_HELP }],
  options: {},
  examples: ['ratings publish 42', 'ratings publish standard:2026-11'],
  async run({ positionals: [argument] }, ctx) {
    await withDatabase(ctx.database, {}, async (db) => {
      const draft = await findList(db.dataSource, argument, 'DRAFT');
      const list = await publishRatingList(db.dataSource, draft.id, ctx.actor);
      const [pool] = await poolsByIds(db.dataSource, [list.poolId]);
      ctx.io.stdout.write(
        [
          `Published rating list ${list.id}: pool ${pool!.code}, period ${list.period}, revision ${list.revision}, in force from ${list.effectiveDate}.`,
          `  ${counted(list.entryCount, 'player')} (${count(list.listedCount)} listed), ${counted(list.tournamentCount, 'tournament')} now RATED, ${counted(list.gameCount, 'game')}.`,
          `Export it with: ratings export ${list.id} --format csv|json|txt|xml [--out <file>]`,
        ].join('\n') + '\n',
      );
    });
  },
});
