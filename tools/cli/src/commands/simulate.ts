import {
  MAX_SIMULATION_PERIODS,
  playersByIds,
  simulatePool,
  SIMULATION_TOP_MOVERS,
  type PoolSimulation,
} from '@ratings/core';
import { UsageError, defineCommand } from '../command';
import { withDatabase } from '../database';
import { count } from '../io';

export const simulateCommand = defineCommand({
  name: 'simulate',
  summary: "rate a pool's published periods again under another system, nothing saved, and compare",
  description: [
    "Rates the tournaments of the pool's published lists --from … --to again with another rating system (or the",
    "same with other parameters), starting from the list in force before --from, and compares each player's",
    'simulated rating with the published one on the --to list: the mean absolute difference and the players who',
    `move most. Nothing is written. At most ${MAX_SIMULATION_PERIODS} periods.`,
  ],
  positionals: [],
  options: {
    pool: { type: 'string', value: '<code>', description: 'pool to simulate', required: true },
    system: {
      type: 'string',
      value: '<id>',
      description: 'rating system (elo, elo-provisional, fqe, fide, glicko2)',
      required: true,
    },
    params: {
      type: 'string',
      value: '<JSON>',
      description: "the system's parameters as a JSON object (default: its defaults)",
    },
    from: { type: 'string', value: '<YYYY-MM>', description: 'first period to rate again', required: true },
    to: {
      type: 'string',
      value: '<YYYY-MM>',
      description: 'last period to rate again, compared with its published list',
      required: true,
    },
    top: {
      type: 'string',
      value: '<n>',
      description: `players to list, the largest differences first (default ${SIMULATION_TOP_MOVERS})`,
    },
  },
  examples: [
    'ratings simulate --pool standard --system glicko2 --from 2025-01 --to 2026-11',
    `ratings simulate --pool standard --system elo --params '{"k": 20}' --from 2026-01 --to 2026-11 --top 25`,
  ],
  async run({ options }, ctx) {
    const params = parseParams(options.params);
    const top = options.top === undefined ? SIMULATION_TOP_MOVERS : Number(options.top);
    if (!Number.isInteger(top) || top < 0) throw new UsageError(`--top must be a whole number, got "${options.top}"`);
    await withDatabase(ctx.database, {}, async (db) => {
      const simulation = await simulatePool(
        db.dataSource,
        { poolCode: options.pool, systemId: options.system, params, from: options.from, to: options.to },
        ctx.actor,
      );
      const players = simulation.players.slice(0, top);
      const names = await playersByIds(
        db.dataSource,
        players.map((p) => p.playerId),
      );
      ctx.io.stdout.write(
        `${[
          ...summaryLines(simulation),
          ...players.map((p, i) => {
            const player = names[i];
            const name = player ? `${player.surname}${player.givenName ? `, ${player.givenName}` : ''}` : '?';
            const cell = (value: number | null) => (value === null ? '-' : String(value));
            const difference = p.difference === null ? '-' : `${p.difference > 0 ? '+' : ''}${p.difference}`;
            return `  ${String(p.playerId).padStart(8)}  ${name.padEnd(32)}  ${cell(p.published).padStart(9)}  ${cell(p.simulated).padStart(9)}  ${difference.padStart(10)}`;
          }),
        ].join('\n')}\n`,
      );
    });
  },
});

function parseParams(text: string | undefined): unknown {
  if (text === undefined) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`--params must be a JSON object, e.g. '{"k": 20}'; got ${text}`);
  }
}

function summaryLines(simulation: PoolSimulation): string[] {
  const mean = simulation.meanAbsoluteDifference;
  return [
    `Simulation of pool ${simulation.pool} under ${simulation.systemId} ${JSON.stringify(simulation.params)}, periods ${simulation.from} to ${simulation.to} (nothing saved)`,
    `  periods      ${count(simulation.periods)} published lists rated again`,
    `  tournaments  ${count(simulation.tournaments)}`,
    `  games        ${count(simulation.games)}`,
    `  players      ${count(simulation.players.length)} with games, ${count(simulation.compared)} rated in both`,
    `  mean |difference|  ${mean === null ? '-' : mean.toFixed(1)} points against the published ${simulation.to} list`,
    `  ${'player'.padStart(8)}  ${'name'.padEnd(32)}  ${'published'.padStart(9)}  ${'simulated'.padStart(9)}  ${'difference'.padStart(10)}`,
  ];
}
