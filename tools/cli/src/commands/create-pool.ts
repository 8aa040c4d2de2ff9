import { createPool } from '@ratings/core';
import { RATING_SYSTEM_IDS, getRatingSystem } from '@ratings/rating-rules';
import { choiceOption, defineCommand, wholeNumberOption } from '../command';
import { withDatabase } from '../database';

/** Lengths of a rating period the pools accept: those that divide the year (createPool checks it too). */
const PERIOD_MONTHS = [1, 2, 3, 4, 6, 12];

export const createPoolCommand = defineCommand({
  name: 'create-pool',
  summary: 'create a rating pool rated by one of the rating systems',
  description: [
    'Creates a rating pool (standard, rapid, blitz …): tournaments, rating lists and ratings belong to a pool,',
    `and one rating system rates it: ${RATING_SYSTEM_IDS.map((id) => `${id} (${getRatingSystem(id).name})`).join(', ')}.`,
    'The system keeps its default parameters. A pool whose system cannot rate from nothing (fqe never rates a game',
    'between two unrated players) needs its starting ratings imported before its first run.',
  ],
  positionals: [],
  options: {
    code: {
      type: 'string',
      value: '<code>',
      description: 'short lowercase name used by the other commands, e.g. standard',
      required: true,
    },
    name: { type: 'string', value: '<name>', description: 'name in English', required: true },
    'name-fr': { type: 'string', value: '<nom>', description: 'name in French' },
    system: {
      type: 'string',
      value: '<system>',
      description: `rating system: ${RATING_SYSTEM_IDS.join(', ')}`,
      required: true,
    },
    'period-months': {
      type: 'string',
      value: '<n>',
      description: `months per rating period: ${PERIOD_MONTHS.join(', ')} (default 1)`,
    },
    'ratings-from-file': {
      type: 'boolean',
      description: "TRF imports start the players the pool has never rated from their files' ratings",
    },
  },
  examples: ['ratings create-pool --code standard --name Standard --name-fr Lente --system fqe'],
  async run({ options }, ctx) {
    const ratingSystemId = choiceOption('system', options.system, RATING_SYSTEM_IDS);
    const periodMonths = wholeNumberOption('period-months', options['period-months'], 1, 1, 12);
    await withDatabase(ctx.database, {}, async (db) => {
      const pool = await createPool(
        db.dataSource,
        {
          code: options.code,
          name: options.name,
          nameFr: options['name-fr'] ?? null,
          ratingSystemId,
          periodMonths,
          ratingsFromFile: options['ratings-from-file'] === true,
        },
        ctx.actor,
      );
      const names = pool.nameFr ? `${pool.name} / ${pool.nameFr}` : pool.name;
      const lists = pool.periodMonths === 1 ? 'monthly lists' : `a list every ${pool.periodMonths} months`;
      ctx.io.stdout.write(`Created pool ${pool.code} (${names}), rated with ${pool.ratingSystemId}, ${lists}.\n`);
    });
  },
});
