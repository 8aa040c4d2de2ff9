// One lint config for the whole workspace. The module-boundary constraints are the layer
// arrows of docs/architecture.md: every project carries a `type:*` tag and may only import the layers below it.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

/** Text that reads like SQL: a statement's keyword, a clause, or an advisory-lock call (SQL here is upper case). */
const SQL_TEXT =
  /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|FROM|WHERE|JOIN|LOCK TABLE|ALTER TABLE|TRUNCATE|ANALYZE|BEGIN|SET LOCAL|SET TRANSACTION)\b|pg_advisory/;

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.next/**',
      '**/.nx/**',
      '**/.data/**',
      '**/coverage/**',
      '**/next-env.d.ts',
      // GraphQL Code Generator's output (apps/web codegen target), regenerated from the schema.
      'apps/web/src/__generated__/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:rules', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:trf', onlyDependOnLibsWithTags: ['type:rules'] },
            { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:rules', 'type:contract'] },
            {
              sourceTag: 'type:core',
              onlyDependOnLibsWithTags: ['type:db', 'type:trf', 'type:rules', 'type:contract'],
            },
            { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:core', 'type:rules', 'type:contract'] },
            { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['type:core', 'type:rules'] },
            { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['type:core', 'type:db', 'type:trf', 'type:rules'] },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:rules', 'type:contract'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:shared'] },
          ],
        },
      ],
    },
  },
  {
    // SQL lives in libs/db (src/queries): a use case calls a typed query function, never a statement of its
    // own. Any string or template that reads like SQL in core's code is refused (tests may still poke tables).
    files: ['libs/core/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=SQL]', 'TemplateElement[value.raw=SQL]'].map((selector) => ({
          selector: selector.replace('SQL', String(SQL_TEXT)),
          message: 'SQL belongs in libs/db/src/queries: call (or add) a typed query function there.',
        })),
      ],
    },
  },
  {
    // Tests read untyped JSON answers (GraphQL responses, parsed files): `any` is honest there.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
