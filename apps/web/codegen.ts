import type { CodegenConfig } from '@graphql-codegen/cli';
import { Kind, type DocumentNode } from 'graphql';

/**
 * The site's GraphQL contract, generated: every `graphql(…)` document under src/ is validated against the
 * API's committed schema and typed from it (`npx nx run @ratings/web:codegen`; typecheck, build and test
 * run it first). The output, src/__generated__/, is not committed.
 */

/**
 * The name `queryApi` sends with a document, recorded in its metadata (`__meta__`) so the site never parses
 * a document at run time. (The preset skips anonymous operations, so every document has one.)
 */
function operationMeta(document: DocumentNode): { operationName: string | undefined } {
  const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  return { operationName: operation?.name?.value };
}

const config: CodegenConfig = {
  schema: '../api/schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/__generated__/**'],
  // Keep the schema's order (codegen sorts it by default): enums list their values as the API declares
  // them, and the site shows them in that order (age groups youngest first).
  config: { sort: false },
  generates: {
    'src/__generated__/': {
      preset: 'client',
      presetConfig: {
        // Pages read whole answers: masked fragments would only add unwrapping.
        fragmentMasking: false,
        onExecutableDocumentNode: operationMeta,
        // Modules import `graphql` from gql.ts and the types and enums from graphql.ts.
        skipIndexFile: true,
      },
      config: {
        // The site POSTs documents with fetch: a document is its text, typed.
        documentMode: 'string',
        // Enums as const objects, so their values (the age groups of the filter form) exist at run time.
        enumType: 'const',
        // A scalar the site has not mapped fails the generation instead of becoming `any`.
        strictScalars: true,
        // Dates travel as ISO strings; JSON can be any value, so the code reading it narrows it.
        // The federation directives' own scalars (the schema declares them) are never queried.
        scalars: {
          Date: 'string',
          DateTimeISO: 'string',
          JSON: 'unknown',
          link__Import: 'unknown',
          federation__FieldSet: 'string',
        },
        useTypeImports: true,
      },
    },
  },
};

export default config;
