import { COMMANDS, EXIT_OK, EXIT_USAGE } from './cli';
import { describeTarget } from './database';
import { noDatabase, runRatings } from './testing/cli-harness';

const ratings = (...argv: string[]) => runRatings(argv, noDatabase);

describe('ratings --help', () => {
  it('lists every command of the issue, says who acts and where the database is, on stdout', async () => {
    const { code, stdout, stderr } = await ratings('--help');
    expect(code).toBe(EXIT_OK);
    expect(stderr).toBe('');
    for (const name of [
      'migrate',
      'create-staff',
      'create-pool',
      'import-trf',
      'accept',
      'return',
      'run',
      'publish',
      'export',
      'simulate',
      'seed-demo',
    ]) {
      expect(stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
    expect(stdout).toMatch(/system\s+actor "cli"/);
    expect(stdout).toContain('DATABASE_URL');
    expect(stdout).toContain('Exit codes: 0 done, 1 refused or failed, 2 wrong usage.');
  });

  it('without a command prints the help on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await ratings();
    expect(code).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    expect(stderr).toContain('Usage: ratings <command>');
  });

  it.each(COMMANDS.map((command) => [command.name]))(
    '%s --help shows its usage, options and examples',
    async (name) => {
      const { code, stdout } = await ratings(name, '--help');
      expect(code).toBe(EXIT_OK);
      expect(stdout).toMatch(new RegExp(`^Usage: ratings ${name}\\b`));
      expect(stdout).toContain('-h, --help');
      expect(stdout).toMatch(new RegExp(`Examples:\n  .*ratings ${name}`));
      expect(stdout).toMatch(/system\s+actor "cli"/);
      // `ratings help <command>` and `-h` say the same.
      expect((await ratings('help', name)).stdout).toBe(stdout);
      expect((await ratings(name, '-h')).stdout).toBe(stdout);
    },
  );

  it('shows each command its own options and required arguments', async () => {
    expect((await ratings('run', '--help')).stdout).toMatch(/^Usage: ratings run --pool <code> \[options\]$/m);
    expect((await ratings('submit', '--help')).stdout).toMatch(/^Usage: ratings submit <tournament> \[options\]$/m);
    expect((await ratings('import-trf', '--help')).stdout).toMatch(
      /^Usage: ratings import-trf <file> --pool <code> \[options\]$/m,
    );
    expect((await ratings('export', '--help')).stdout).toMatch(
      /^Usage: ratings export <list> --format <csv\|json\|txt\|xml> \[options\]$/m,
    );
    expect((await ratings('create-staff', '--help')).stdout).toContain('--role <ADMIN|RATING_OFFICER|ARBITER>');
    const seed = (await ratings('seed-demo', '--help')).stdout;
    for (const option of ['--seed <n>', '--players <n>', '--months <n>', '-q, --quiet']) expect(seed).toContain(option);
  });
});

describe('wrong usage exits 2 with a clear message and a pointer to --help, before touching the database', () => {
  it.each([
    [['frobnicate'], 'ratings: unknown command "frobnicate"'],
    [['run', '--pool', 'standard', '--period', '2026-11', '--bogus'], "ratings run: unknown option '--bogus'"],
    [['run'], 'ratings run: missing --pool <code>'],
    [['submit'], 'ratings submit: missing <tournament>'],
    [['submit', 'T-12'], 'ratings submit: "T-12" is not a tournament id (a whole number: 42)'],
    [['run', '--pool'], "ratings run: option '--pool <value>' argument missing"],
    [['import-trf', '--pool', 'standard'], 'ratings import-trf: missing <file>'],
    [['publish', '12', '13'], 'ratings publish: unexpected argument "13"'],
    [['export', '12', '--format', 'pdf'], 'ratings export: --format must be one of csv, json, txt, xml (got "pdf")'],
    [
      ['seed-demo', '--players', 'many'],
      'ratings seed-demo: --players must be a whole number from 50 to 200,000 (got "many")',
    ],
    [['seed-demo', '--months', '0'], 'ratings seed-demo: --months must be a whole number from 1 to 120 (got "0")'],
    [
      ['create-pool', '--code', 'x', '--name', 'X', '--system', 'chess960'],
      'ratings create-pool: --system must be one of elo, elo-provisional, fqe, fide, glicko2 (got "chess960")',
    ],
    [
      ['create-staff', '--email', 'a@b.org', '--name', 'A', '--role', 'ROOT'],
      'ratings create-staff: --role must be one of ADMIN, RATING_OFFICER, ARBITER (got "ROOT")',
    ],
    [
      ['create-staff', '--email', 'a@b.org', '--name', 'A', '--role', 'ADMIN', '--password=hunter2hunter2'],
      'ratings create-staff: --password is not accepted: a password on the command line ends up in shell history; use --password-stdin',
    ],
    [
      ['create-staff', '--email', 'a@b.org', '--name', 'A', '--role', 'ADMIN'],
      'ratings create-staff: no password: pipe it in with --password-stdin, or run the command in a terminal to be asked for it',
    ],
  ])('ratings %j', async (argv, message) => {
    const { code, stdout, stderr } = await ratings(...argv);
    expect(code).toBe(EXIT_USAGE);
    expect(stdout).toBe('');
    const [first, second] = stderr.split('\n');
    expect(first).toBe(message);
    expect(second).toMatch(/^Run `ratings( [a-z-]+)? --help`/);
  });
});

describe('describeTarget', () => {
  it('names the engine and place, hiding a password', () => {
    expect(
      describeTarget({
        engine: 'postgres',
        url: 'postgres://ratings:s3cret@db.example.org:5432/ratings',
        poolSize: 10,
      }),
    ).toBe('PostgreSQL postgres://ratings:***@db.example.org:5432/ratings');
    expect(describeTarget({ engine: 'pglite', dataDir: '/srv/ratings/pglite' })).toBe('PGlite in /srv/ratings/pglite');
  });
});
