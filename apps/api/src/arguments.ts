import type { ApolloServerPlugin } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  getVariableValues,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { badInput } from './errors';

/** Checks over every argument of an operation, whichever field takes it. */

/** A surrogate code point on its own (half of a pair): the string is not Unicode text. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** Why PostgreSQL cannot store this text (it refuses NUL in text and jsonb), or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character (U+0000), which text cannot hold';
  const surrogate = LONE_SURROGATE.exec(text);
  if (surrogate) {
    const code = surrogate[0].charCodeAt(0).toString(16).toUpperCase();
    return `contains a lone surrogate (U+${code}), which is not Unicode text`;
  }
  return null;
}

/** The first string (or object key) in a coerced argument value that cannot be stored, with its path. */
function unsafeText(value: unknown, path: string): { path: string; problem: string } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem === null ? null : { path, problem };
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      if (keyProblem !== null) return { path, problem: `has a key that ${keyProblem}` };
      const found = unsafeText(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Every field argument of the operation, coerced as resolvers receive them (inline or through variables),
 * following fragments. A field whose arguments cannot be coerced is skipped: execution reports it.
 */
function* operationArguments(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): Generator<[name: string, value: unknown]> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const visited = new Set<string>();
  function* walk(selectionSet: SelectionSetNode, parent: GraphQLCompositeType): Generator<[string, unknown]> {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const field =
          isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        if (!field) continue;
        let values: Record<string, unknown>;
        try {
          values = getArgumentValues(field, selection, variables);
        } catch {
          continue;
        }
        yield* Object.entries(values);
        const named = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(named)) yield* walk(selection.selectionSet, named);
        continue;
      }
      let fragment: InlineFragmentNode | FragmentDefinitionNode | undefined;
      if (selection.kind === Kind.INLINE_FRAGMENT) fragment = selection;
      else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        fragment = fragments.get(selection.name.value);
      }
      if (!fragment) continue;
      const type = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : parent;
      if (type && isCompositeType(type)) yield* walk(fragment.selectionSet, type);
    }
  }
  const root = schema.getRootType(operation.operation);
  if (root) yield* walk(operation.selectionSet, root);
}

/**
 * Refuses, before anything runs, an operation with a NUL character or a lone surrogate in any text argument
 * (`players(search:)`, `importTrf(content:)`, input-object fields, list items …): BAD_USER_INPUT naming the
 * argument, HTTP 400, instead of an INTERNAL_SERVER_ERROR when PostgreSQL refuses the text.
 */
export function textArgumentsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          // Variables that cannot be coerced are reported by execution, naming their argument (formatError).
          const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {});
          if (variables.errors) return;
          for (const [name, value] of operationArguments(schema, document, operation, variables.coerced)) {
            const found = unsafeText(value, name);
            if (found) throw badInput(found.path, found.problem, { http: { status: 400 } });
          }
        },
      };
    },
  };
}
