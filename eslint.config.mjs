// One lint config for the whole workspace. The module-boundary constraints are the layer
// arrows of docs/architecture.md: every project carries a `type:*` tag and may only import the layers below it.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

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
            { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:rules'] },
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
    // Tests read untyped JSON answers (GraphQL responses, parsed files): `any` is honest there.
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
