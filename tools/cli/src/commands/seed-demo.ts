import {
  describeContent,
  federationState,
  removeInterruptedDemoSeed,
  whileHoldingDemoSeedLock,
  type DemoSeedOptions,
} from '@ratings/core';
import { addMonths } from '@ratings/rating-rules';
import { CliError, defineCommand, wholeNumberOption } from '../command';
import { withDatabase } from '../database';
import {
  DEFAULT_DEMO_MONTHS,
  DEFAULT_DEMO_PLAYERS,
  DEFAULT_DEMO_SEED,
  DEMO_ARBITER,
  DEMO_LAST_LIST,
  seedDemo,
  type SeedSummary,
} from '../demo/seed';
import { count, counted, duration } from '../io';
import { createProgress } from '../progress';

/** Bounds of the options: enough players for a tournament, few enough for a demo; up to ten years of lists. */
const MIN_PLAYERS = 50;
const MAX_PLAYERS = 200_000;
const MAX_MONTHS = 120;

export const seedDemoCommand = defineCommand({
  name: 'seed-demo',
  summary: 'build a believable demo federation through the real workflow',
  description: [
    'Fills an empty database with a demo federation built from a seeded generator: players with French,',
    'Québécois and international names, sexes, birth dates, clubs and a hidden playing strength; four pools, one',
    'per population system (standard/fqe, rapid/fide, blitz/elo-provisional, online/glicko2); starting ratings',
    'imported where the system needs them; then month by month Swiss and round-robin tournaments whose results',
    'follow the hidden strengths through the Elo expectation, registered, submitted, rated and published like',
    'a rating officer would. Along the way a duplicate player is merged, one list is corrected and republished,',
    `and a few players stop playing and are marked inactive. The lists run up to ${DEMO_LAST_LIST} (the current list on`,
    `${DEMO_LAST_LIST}-30); the same seed and options always build the same federation.`,
    '',
    'It refuses a database that already has pools or players (with --if-empty it then does nothing). A seed that',
    'was interrupted (killed, crashed) is found and done again: what it wrote is removed in one transaction (never',
    "anyone else's data), and options not given are the interrupted seed's. The one staff account it creates is the",
    `demo arbiter (${DEMO_ARBITER.email}, password "${DEMO_ARBITER.password}"), with three tournaments of the next`,
    'period for the console: two waiting for review, one draft. Create the others with `ratings create-staff`.',
  ],
  positionals: [],
  options: {
    seed: { type: 'string', value: '<n>', description: `random seed (default ${DEFAULT_DEMO_SEED})` },
    players: {
      type: 'string',
      value: '<n>',
      description: `players (default ${count(DEFAULT_DEMO_PLAYERS)}; ${count(MIN_PLAYERS)} to ${count(MAX_PLAYERS)})`,
    },
    months: {
      type: 'string',
      value: '<n>',
      description: `monthly lists per pool, ending ${DEMO_LAST_LIST} (default ${DEFAULT_DEMO_MONTHS}; 1 to ${MAX_MONTHS})`,
    },
    'if-empty': {
      type: 'boolean',
      description: 'when the database already has pools or players, say so and do nothing (exit 0) instead of refusing',
    },
    quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr, only the summary' },
  },
  examples: [
    'DATA_DIR=./demo-data ratings migrate && DATA_DIR=./demo-data ratings seed-demo',
    'ratings seed-demo --seed 7 --players 1000 --months 6',
    'ratings migrate && ratings seed-demo --if-empty   (what `npm start` does)',
  ],
  async run({ options }, ctx) {
    const requested: DemoSeedOptions = {
      seed: wholeNumberOption('seed', options.seed, DEFAULT_DEMO_SEED, 0, 0xffffffff),
      players: wholeNumberOption('players', options.players, DEFAULT_DEMO_PLAYERS, MIN_PLAYERS, MAX_PLAYERS),
      months: wholeNumberOption('months', options.months, DEFAULT_DEMO_MONTHS, 1, MAX_MONTHS),
    };
    const progress = createProgress(ctx.io.stderr, { quiet: options.quiet });
    await withDatabase(ctx.database, {}, (db) =>
      whileHoldingDemoSeedLock(db.dataSource, async () => {
        const state = await federationState(db.dataSource);
        if (state.kind === 'IN_USE') {
          const content = describeContent(state.content);
          if (!options['if-empty']) {
            throw new CliError(
              `the database already has ${content}: seed-demo builds a federation from nothing. ` +
                'Use an empty database: DATA_DIR=<an empty folder> (or DATABASE_URL=<an empty database>), then `ratings migrate` and `ratings seed-demo`.',
            );
          }
          ctx.io.stdout.write(`The database already has ${content}: nothing seeded.\n`);
          return;
        }
        let seedOptions = requested;
        if (state.kind === 'INTERRUPTED_DEMO_SEED') {
          const { seed, content } = state;
          ctx.io.stderr.write(
            `An interrupted demo seed was found: started ${seed.startedAt.toISOString()} (${describeOptions(seed.options)}), ` +
              `it left ${describeContent(content)}. Removing them and seeding again.\n`,
          );
          await removeInterruptedDemoSeed(db.dataSource, seed.id, ctx.actor);
          // Options not given on the command line are the interrupted seed's: `npm start` finishes what it began.
          seedOptions = {
            seed: options.seed === undefined ? seed.options.seed : requested.seed,
            players: options.players === undefined ? seed.options.players : requested.players,
            months: options.months === undefined ? seed.options.months : requested.months,
          };
        }
        progress.log(
          `Seeding a demo federation into ${db.description}: seed ${seedOptions.seed}, ${count(seedOptions.players)} players, lists ${addMonths(DEMO_LAST_LIST, 1 - seedOptions.months)} to ${DEMO_LAST_LIST}.`,
        );
        const summary = await seedDemo(db.dataSource, seedOptions, ctx.actor, progress);
        progress.clear();
        ctx.io.stdout.write(`${summaryLines(summary).join('\n')}\n`);
      }),
    );
  },
});

const describeOptions = ({ seed, players, months }: DemoSeedOptions) =>
  `seed ${seed}, ${count(players)} players, ${counted(months, 'month')}`;

function summaryLines(summary: SeedSummary): string[] {
  const pools = summary.pools.map(
    (pool) =>
      `  ${pool.code.padEnd(9)} ${pool.ratingSystemId.padEnd(16)} ${counted(pool.lists, 'list').padStart(9)}  ${counted(pool.tournaments, 'tournament').padStart(17)}  ${counted(pool.games, 'game').padStart(13)}  current list ${pool.current.listId} (${pool.current.period}, ${count(pool.current.listed)} listed)`,
  );
  const tournaments = summary.pools.reduce((sum, pool) => sum + pool.tournaments, 0);
  const games = summary.pools.reduce((sum, pool) => sum + pool.games, 0);
  return [
    `Demo federation ready in ${duration(summary.elapsedMs)}: ${counted(summary.players, 'player')} (${count(summary.newcomers)} joined along the way, ${count(summary.inactive)} inactive), ${counted(tournaments, 'tournament')}, ${counted(games, 'game')}.`,
    ...pools,
    summary.merged
      ? `  merged    duplicate player ${summary.merged.removed} into player ${summary.merged.kept} (${summary.merged.name})`
      : '  merged    nothing (no tournament in the merge month)',
    summary.republished
      ? `  corrected game ${summary.republished.gameId} and republished ${summary.republished.pool} ${summary.republished.period} as list ${summary.republished.listId}`
      : '  corrected nothing (no decisive game in the correction month)',
    `  arbiter   ${summary.arbiter.email} (password "${DEMO_ARBITER.password}"): ${counted(summary.arbiter.submitted, 'tournament')} waiting for review, ${counted(summary.arbiter.drafts, 'draft')} (period ${summary.arbiter.period})`,
    'Next: create an officer or administrator account to sign in: ratings create-staff --email <address> --name <name> --role ADMIN',
  ];
}
