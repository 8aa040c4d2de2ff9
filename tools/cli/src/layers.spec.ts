import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * The layer rules of docs/architecture.md as `npm run lint` enforces them: an import against the arrows fails. (The
 * repository's own tooling lives in tools/, so this workspace check does too.)
 */
const ROOT = resolve(__dirname, '../../..');

/** Lints `source` as if it were `file`, with the repository's ESLint config, as `npm run lint` would. */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const eslint = join(ROOT, 'node_modules/eslint/bin/eslint.js');
  const run = spawnSync(process.execPath, [eslint, '--format', 'json', '--stdin', '--stdin-filename', file], {
    cwd: ROOT,
    input: source,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', NX_DAEMON: 'false' },
  });
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null; message: string }[] }[];
  return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
}

describe('layer rules (npm run lint)', () => {
  it.each([
    ['libs/trf/src/wrong.ts', '@ratings/db', 'type:trf'],
    ['libs/db/src/wrong.ts', '@ratings/trf', 'type:db'],
    ['apps/api/src/wrong.ts', '@ratings/db', 'type:api'],
    ['apps/web/src/wrong.ts', '@ratings/core', 'type:web'],
  ])(
    '%s may not import %s',
    async (file, target, tag) => {
      const errors = await boundaryErrors(file, `import * as layer from '${target}';\nexport const used = layer;\n`);
      expect(errors.join('\n')).toContain(`A project tagged with "${tag}" can only depend on libs tagged with`);
    },
    60_000,
  );

  it('libs/contract may not import any library: it is constants only', async () => {
    const errors = await boundaryErrors(
      'libs/contract/src/wrong.ts',
      `import * as layer from '@ratings/rating-rules';\nexport const used = layer;\n`,
    );
    expect(errors.join('\n')).toContain('A project tagged with "type:contract" cannot depend on any libs with tags');
  }, 60_000);

  it.each([
    ['libs/rating-rules/src/wrong.ts', '@ratings/db'],
    ['libs/db/src/wrong.ts', '@ratings/core'],
  ])(
    '%s may not import %s (upwards: reported as a cycle)',
    async (file, target) => {
      const errors = await boundaryErrors(file, `import * as layer from '${target}';\nexport const used = layer;\n`);
      expect(errors.join('\n')).toMatch(/^Circular dependency between/);
    },
    60_000,
  );

  it.each([
    ['libs/core/src/right.ts', '@ratings/db'],
    ['apps/api/src/right.ts', '@ratings/core'],
    ['apps/web/src/right.ts', '@ratings/rating-rules'],
    ['apps/web/src/right.ts', '@ratings/contract'],
    ['apps/api/src/right.ts', '@ratings/contract'],
    ['libs/core/src/right.ts', '@ratings/contract'],
  ])(
    '%s may import %s',
    async (file, target) => {
      expect(await boundaryErrors(file, `import * as layer from '${target}';\nexport const used = layer;\n`)).toEqual(
        [],
      );
    },
    60_000,
  );
});
