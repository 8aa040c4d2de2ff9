import type { ApolloServerPlugin } from '@apollo/server';
import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Defaults chosen so that a full player profile or a 100-row rankings page passes comfortably. */
export const QUERY_LIMITS = {
  /** Deepest nesting of fields an operation may ask for. */
  maxDepth: 12,
  /** Upper bound on the estimated number of fields resolved (see measureOperation). */
  maxCost: 50_000,
  /** Assumed size of a plain list field (no `first` argument) when estimating the cost. */
  assumedListSize: 25,
};

type Limits = typeof QUERY_LIMITS;

/**
 * Plain list fields whose size is known to be small or bounded, where the default assumption would
 * overcharge a legitimate request (a profile with every pool's history and per-game rows).
 */
export const KNOWN_LIST_SIZES: Readonly<Record<string, number>> = {
  'Query.pools': 8,
  'Player.ratings': 8,
  'Player.histories': 8,
  'Pool.categories': 13,
  'RatingChange.games': 15,
  'Standing.results': 15,
  'RatingList.revisions': 5,
};

export interface OperationSize {
  depth: number;
  cost: number;
}

/**
 * Measures an operation before it runs. The cost of a field is 1 plus the cost of its selection; a list
 * field counts its selection once per item: the page size (`first`) for a connection's edges, an assumed
 * size for plain lists.
 * Fragments are followed (graphql-js has already rejected fragment cycles).
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
  limits: Limits = QUERY_LIMITS,
): OperationSize {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  const argumentValue = (field: FieldNode, name: string): unknown => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    if (!arg) return undefined;
    return valueFromASTUntyped(arg.value, variables);
  };

  // `listSize`: how many items a list field at this level stands for: the page size (`first`) of the
  // connection above it (its `edges`), or the assumed size of a plain list.
  const measure = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType,
    depth: number,
    listSize: number,
  ): OperationSize => {
    let maxDepth = depth;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const field = fieldOf(parent, selection.name.value);
        if (!field) continue;
        let fieldCost = 1;
        let fieldDepth = depth + 1;
        const named = getNamedType(field.type);
        if (selection.selectionSet && isCompositeType(named)) {
          // The page size asked for, or the argument's default (a connection without `first` still pages).
          const first =
            argumentValue(selection, 'first') ?? field.args.find((arg) => arg.name === 'first')?.defaultValue;
          const inner = measure(
            selection.selectionSet,
            named,
            depth + 1,
            typeof first === 'number' ? first : limits.assumedListSize,
          );
          fieldDepth = inner.depth;
          const multiplier = isListType(getNullableType(field.type))
            ? (KNOWN_LIST_SIZES[`${parent.name}.${field.name}`] ?? listSize)
            : 1;
          fieldCost += inner.cost * Math.max(1, multiplier);
        }
        cost += fieldCost;
        maxDepth = Math.max(maxDepth, fieldDepth);
      } else {
        const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
        if (!fragment) continue;
        const typeName = fragment.typeCondition?.name.value;
        const type = typeName ? schema.getType(typeName) : parent;
        if (!type || !isCompositeType(type)) continue;
        const inner = measure(fragment.selectionSet, type, depth, listSize);
        cost += inner.cost;
        maxDepth = Math.max(maxDepth, inner.depth);
      }
    }
    return { depth: maxDepth, cost };
  };

  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  return root ? measure(operation.selectionSet, root, 0, limits.assumedListSize) : { depth: 0, cost: 0 };
}

/** Rejects abusive operations with a clear message before anything is resolved. */
export function queryLimitsPlugin(limits: Limits = QUERY_LIMITS): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const { depth, cost } = measureOperation(schema, document, operation, request.variables ?? {}, limits);
          const name = operation.name ? `Operation "${operation.name.value}"` : 'The operation';
          if (depth > limits.maxDepth) {
            throw limitError(
              `${name} is ${depth} levels deep; the limit is ${limits.maxDepth}. Ask for fewer nested fields.`,
            );
          }
          if (cost > limits.maxCost) {
            throw limitError(
              `${name} would resolve about ${cost} fields; the limit is ${limits.maxCost}. Ask for smaller pages (first) or fewer fields.`,
            );
          }
        },
      };
    },
  };
}

function limitError(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}

function fieldOf(parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined {
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined;
}
