import type { ApolloServerPlugin, GraphQLRequestContextDidResolveOperation } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { NextFunction, Request, Response } from 'express';
import {
  GraphQLError,
  Kind,
  Lexer,
  SchemaMetaFieldDef,
  Source,
  TokenKind,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  getNamedType,
  getNullableType,
  isAbstractType,
  isCompositeType,
  isEnumType,
  isIntrospectionType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { ApiError, ErrorCode } from './errors';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination';

/** Defaults chosen so that every page of the site, a full player profile and a 100-row rankings page pass comfortably. */
export const QUERY_LIMITS = {
  /** Longest operation document, in characters: ten times the site's largest (its player profile, 1,300 with 8 pools). */
  maxDocumentLength: 15_000,
  /** graphql-armor's default: nearly four times the site's largest operation (270 tokens). */
  maxTokens: 1_000,
  /** graphql-armor's default; the site's profile uses one alias per pool. */
  maxAliases: 15,
  /** graphql-armor's default. */
  maxDirectives: 50,
  /** Deepest nesting of fields an operation may ask for. */
  maxDepth: 12,
  /** Upper bound on the estimated number of fields resolved (see measureOperation). */
  maxCost: 50_000,
  /** Root fields that read the database, per operation: the site asks for at most five at once. */
  maxDatabaseRootFields: 10,
  /** Federation entity representations per `_entities` call: a page's worth. */
  maxRepresentations: MAX_PAGE_SIZE,
  /** Global ids per `nodes` call: a page's worth, as for `_entities`. */
  maxNodeIds: MAX_PAGE_SIZE,
  /** Assumed size of a plain list field (no `first` argument) when estimating the cost. */
  assumedListSize: 25,
};

export type QueryLimits = typeof QUERY_LIMITS;

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
  'Query.webhooks': 10,
  'Webhook.deliveries': 20,
  'WebhookDelivery.attemptLog': 8,
};

/** Root fields answered from memory (the calculator, the rating systems, the caller's quota, the schema itself). */
const DATABASE_FREE_ROOT_FIELDS = new Set([
  'calculate',
  'ratingSystems',
  'rateLimit',
  '_service',
  '__typename',
  '__schema',
  '__type',
]);

/** `__Type.ofType`: the type a list or non-null wrapper wraps (null for a named type). */
const OF_TYPE_FIELD = 'ofType';

/**
 * Root fields that resolve one entity per item of a list argument, with the limit on its length: the federation
 * entry point (`representations`) and Relay's `nodes` (`ids`).
 */
const ENTITY_LIST_FIELDS: Readonly<Record<string, { argument: string; limit: 'maxRepresentations' | 'maxNodeIds' }>> = {
  _entities: { argument: 'representations', limit: 'maxRepresentations' },
  nodes: { argument: 'ids', limit: 'maxNodeIds' },
};

const limitError = (code: ErrorCode, limit: keyof QueryLimits, max: number, message: string) =>
  new ApiError(code, message, { limit, max });

/**
 * What can be judged on the document's text alone, before Apollo parses it: its length and its number of
 * tokens (comments are not tokens; lexing stops at the first token past the limit). Null when it passes,
 * or when it does not lex at all (Apollo's parser then reports the syntax error where it is).
 */
export function documentRefusal(query: string, limits: QueryLimits = QUERY_LIMITS): ApiError | null {
  if (query.length > limits.maxDocumentLength) {
    return limitError(
      ErrorCode.QUERY_TOO_LARGE,
      'maxDocumentLength',
      limits.maxDocumentLength,
      `The query is ${query.length} characters long; the limit is ${limits.maxDocumentLength}. Send a smaller document.`,
    );
  }
  const lexer = new Lexer(new Source(query));
  try {
    for (let tokens = 0; lexer.advance().kind !== TokenKind.EOF;) {
      if (++tokens > limits.maxTokens) {
        return limitError(
          ErrorCode.TOO_MANY_TOKENS,
          'maxTokens',
          limits.maxTokens,
          `The query has more than ${limits.maxTokens} tokens; the limit is ${limits.maxTokens}. Ask for fewer fields, or split it.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof GraphQLError) return null;
    throw error;
  }
  return null;
}

/** Express middleware for POST and GET /graphql: refuses an oversized document with 400 before it is parsed. */
export function documentLimits(limits: QueryLimits = QUERY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    const body = req.body as { query?: unknown } | undefined;
    const query = typeof body?.query === 'string' ? body.query : req.query.query;
    const refusal = typeof query === 'string' ? documentRefusal(query, limits) : null;
    if (!refusal) return next();
    const { http: _http, ...extensions } = refusal.extensions;
    res.status(400).json({ errors: [{ message: refusal.message, extensions }] });
  };
}

/**
 * graphql-armor's alias and directive limits, counted at every use of a fragment (each fragment counted once),
 * as validation rules. Armor's other protections are off: depth and cost are measured by `measureOperation`, which knows page
 * sizes and list sizes (one place decides them); armor's token limit throws from a plugin hook, which Apollo
 * Server 4 and 5 answer with HTTP 500 (for every syntax error too), so `documentLimits` counts tokens with
 * graphql-js's own lexer; field suggestions reveal nothing the published schema does not.
 */
export function limitValidationRules(limits: QueryLimits = QUERY_LIMITS): ValidationRule[] {
  const reportAs = (code: ErrorCode, limit: 'maxAliases' | 'maxDirectives', what: string) => ({
    n: limits[limit],
    propagateOnRejection: false,
    onReject: [
      (context: ValidationContext | null) =>
        context?.reportError(
          limitError(
            code,
            limit,
            limits[limit],
            `The operation uses more than ${limits[limit]} ${what} (counting every use of a fragment); the limit is ${limits[limit]}. Split it into several requests.`,
          ),
        ),
    ],
  });
  return new ApolloArmor({
    maxAliases: { ...reportAs(ErrorCode.TOO_MANY_ALIASES, 'maxAliases', 'aliases'), allowList: [] },
    maxDirectives: reportAs(ErrorCode.TOO_MANY_DIRECTIVES, 'maxDirectives', 'directives'),
    maxDepth: { enabled: false },
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  }).protect().validationRules;
}

export interface OperationSize {
  depth: number;
  cost: number;
}

/**
 * Measures an operation before it runs. The cost of a field is 1 plus the cost of its selection (`__typename`
 * and introspection fields included); a list field counts its selection once per item: the page size (`first`)
 * for a connection's edges, the number of representations for `_entities` (of ids for `nodes`), a known or assumed size for plain
 * lists. A fragment counts at every use, and is measured once per list size (its type is its own condition),
 * so nested fragments cost one walk each however often they are spread (graphql-js has already rejected
 * fragment cycles).
 * Throws BAD_USER_INPUT when `_entities` or `nodes` is given more items than its limit (`maxRepresentations`,
 * `maxNodeIds`).
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
  limits: QueryLimits = QUERY_LIMITS,
): OperationSize {
  const fragments = fragmentsOf(document);
  const root = rootType(schema, operation);
  const introspection = introspectionShape(schema);
  const argumentValue = (field: FieldNode, name: string): unknown => {
    const arg = field.arguments?.find((a) => a.name.value === name);
    return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
  };
  const itemsOf = (
    parent: GraphQLCompositeType,
    field: GraphQLField<unknown, unknown>,
    node: FieldNode,
    listSize: number,
  ) => {
    const entityList = parent === root ? ENTITY_LIST_FIELDS[field.name] : undefined;
    if (entityList) {
      const items = argumentValue(node, entityList.argument);
      const count = Array.isArray(items) ? items.length : 0;
      const max = limits[entityList.limit];
      if (count > max) {
        throw new ApiError(
          ErrorCode.BAD_USER_INPUT,
          `${entityList.argument}: at most ${max} entities per request, got ${count}`,
          // Refused before the operation runs: the whole request is the client's mistake.
          { argument: entityList.argument, http: { status: 400 } },
        );
      }
      return count;
    }
    const key = `${parent.name}.${field.name}`;
    return KNOWN_LIST_SIZES[key] ?? introspection.listSizes.get(key) ?? listSize;
  };
  // Each fragment's measure, by fragment, list size and wrappers. Depths are relative to the selection set
  // measured, so that a fragment's measure holds wherever it is spread.
  const spreads = new Map<string, OperationSize>();

  // `listSize`: how many items a list field at this level stands for: the page size (`first`) of the
  // connection above it (its `edges`), or the assumed size of a plain list. `wrappers`: how many `ofType` in a
  // row lead here (introspection of a type's list and non-null wrappers).
  const measure = (
    selectionSet: SelectionSetNode,
    parent: GraphQLCompositeType,
    listSize: number,
    wrappers: number,
  ): OperationSize => {
    let depth = 0;
    let cost = 0;
    for (const selection of selectionSet.selections) {
      let inner: OperationSize | undefined;
      if (selection.kind === Kind.FIELD) {
        const field = fieldOf(schema, parent, selection.name.value);
        if (!field) continue;
        inner = { depth: 1, cost: 1 };
        const named = getNamedType(field.type);
        const wrappersBelow = field.name === OF_TYPE_FIELD && isIntrospectionType(parent) ? wrappers + 1 : 0;
        if (selection.selectionSet && isCompositeType(named) && wrappersBelow <= introspection.maxWrappers) {
          // The page size asked for in either direction, or the argument's default (a connection without `first`
          // or `last` still pages, by DEFAULT_PAGE_SIZE).
          const connection = field.args.some((arg) => arg.name === 'last');
          const first =
            argumentValue(selection, 'first') ??
            argumentValue(selection, 'last') ??
            field.args.find((arg) => arg.name === 'first')?.defaultValue ??
            (connection ? DEFAULT_PAGE_SIZE : undefined);
          const page = typeof first === 'number' ? first : limits.assumedListSize;
          const items = isListType(getNullableType(field.type)) ? itemsOf(parent, field, selection, listSize) : 1;
          const each = measure(selection.selectionSet, named, page, wrappersBelow);
          inner = { depth: 1 + each.depth, cost: 1 + each.cost * Math.max(1, items) };
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        if (type && isCompositeType(type)) inner = measure(selection.selectionSet, type, listSize, wrappers);
      } else {
        const key = `${selection.name.value}\0${listSize}\0${wrappers}`;
        inner = spreads.get(key);
        const fragment = fragments.get(selection.name.value);
        const type = fragment && schema.getType(fragment.typeCondition.name.value);
        if (!inner && fragment && type && isCompositeType(type)) {
          inner = measure(fragment.selectionSet, type, listSize, wrappers);
          spreads.set(key, inner);
        }
      }
      if (inner) {
        cost += inner.cost;
        depth = Math.max(depth, inner.depth);
      }
    }
    return { depth, cost };
  };

  return root ? measure(operation.selectionSet, root, limits.assumedListSize, 0) : { depth: 0, cost: 0 };
}

/** Root fields of the operation that read the database, counting every use of a fragment. */
export function countDatabaseRootFields(document: DocumentNode, operation: OperationDefinitionNode): number {
  const fragments = fragmentsOf(document);
  const spreads = new Map<string, number>();
  const count = (selectionSet: SelectionSetNode): number => {
    let fields = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!DATABASE_FREE_ROOT_FIELDS.has(selection.name.value)) fields += 1;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        fields += count(selection.selectionSet);
      } else {
        const name = selection.name.value;
        const fragment = fragments.get(name);
        if (fragment && !spreads.has(name)) spreads.set(name, count(fragment.selectionSet));
        fields += spreads.get(name) ?? 0;
      }
    }
    return fields;
  };
  return count(operation.selectionSet);
}

/** Checks every limit of an operation that needs the schema and variables; returns its size when it passes. */
export function checkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
  limits: QueryLimits = QUERY_LIMITS,
): OperationSize {
  const name = operation.name ? `Operation "${operation.name.value}"` : 'The operation';
  const rootFields = countDatabaseRootFields(document, operation);
  if (rootFields > limits.maxDatabaseRootFields) {
    throw limitError(
      ErrorCode.TOO_MANY_ROOT_FIELDS,
      'maxDatabaseRootFields',
      limits.maxDatabaseRootFields,
      `${name} asks for ${rootFields} root fields that read the database; the limit is ${limits.maxDatabaseRootFields}. Split it into several requests.`,
    );
  }
  const size = measureOperation(schema, document, operation, variables, limits);
  if (size.depth > limits.maxDepth) {
    throw limitError(
      ErrorCode.QUERY_TOO_DEEP,
      'maxDepth',
      limits.maxDepth,
      `${name} is ${size.depth} levels deep; the limit is ${limits.maxDepth}. Ask for fewer nested fields.`,
    );
  }
  if (size.cost > limits.maxCost) {
    throw limitError(
      ErrorCode.QUERY_TOO_COSTLY,
      'maxCost',
      limits.maxCost,
      `${name} would resolve about ${size.cost} fields; the limit is ${limits.maxCost}. Ask for smaller pages (first) or fewer fields.`,
    );
  }
  return size;
}

/**
 * Rejects abusive operations with a clear message before anything is resolved, then hands the measured size
 * to `onMeasured` (the quota charges the operation's cost there).
 */
export function queryLimitsPlugin<TContext extends object>(
  options: {
    limits?: QueryLimits;
    onMeasured?: (size: OperationSize, context: GraphQLRequestContextDidResolveOperation<TContext>) => Promise<void>;
  } = {},
): ApolloServerPlugin<TContext> {
  const limits = options.limits ?? QUERY_LIMITS;
  return {
    async requestDidStart() {
      return {
        async didResolveOperation(context) {
          if (!context.operation) return;
          const size = checkOperation(
            context.schema,
            context.document,
            context.operation,
            context.request.variables ?? {},
            limits,
          );
          await options.onMeasured?.(size, context);
        },
      };
    },
  };
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  }
  return fragments;
}

function rootType(schema: GraphQLSchema, operation: OperationDefinitionNode) {
  if (operation.operation === 'query') return schema.getQueryType();
  return operation.operation === 'mutation' ? schema.getMutationType() : schema.getSubscriptionType();
}

/** The field `name` of `parent`, the meta fields (`__typename`, and `__schema` / `__type` on the query type) included. */
function fieldOf(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (parent === schema.getQueryType() && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
  if (parent === schema.getQueryType() && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  return undefined;
}

interface IntrospectionShape {
  /** Sizes of the introspection lists, by `Type.field`. */
  readonly listSizes: ReadonlyMap<string, number>;
  /** Most list and non-null wrappers around any type of the schema: `ofType` nested deeper is always null. */
  readonly maxWrappers: number;
}

const introspectionShapes = new WeakMap<GraphQLSchema, IntrospectionShape>();

/**
 * Introspection lists sized by the schema they describe: every type and directive, and the average number of
 * fields, values … per type (0 for the kinds without them), so that listing every type's fields counts the
 * schema's fields, and the average number of arguments per field and per directive.
 */
function introspectionShape(schema: GraphQLSchema): IntrospectionShape {
  const known = introspectionShapes.get(schema);
  if (known) return known;
  const types = Object.values(schema.getTypeMap());
  const directives = schema.getDirectives();
  const fields = types.flatMap(outputFieldsOf);
  const inputFields = types.flatMap((type) => (isInputObjectType(type) ? Object.values(type.getFields()) : []));
  const perItem = <T>(items: readonly T[], count: (item: T) => number) =>
    Math.max(1, Math.ceil(items.reduce((total, item) => total + count(item), 0) / Math.max(1, items.length)));
  const withInterfaces = (type: GraphQLNamedType) =>
    isObjectType(type) || isInterfaceType(type) ? type.getInterfaces().length : 0;
  const shape: IntrospectionShape = {
    listSizes: new Map([
      ['__Schema.types', types.length],
      ['__Schema.directives', directives.length],
      ['__Type.fields', perItem(types, (type) => outputFieldsOf(type).length)],
      ['__Type.interfaces', perItem(types, withInterfaces)],
      [
        '__Type.possibleTypes',
        perItem(types, (type) => (isAbstractType(type) ? schema.getPossibleTypes(type).length : 0)),
      ],
      ['__Type.enumValues', perItem(types, (type) => (isEnumType(type) ? type.getValues().length : 0))],
      [
        '__Type.inputFields',
        perItem(types, (type) => (isInputObjectType(type) ? Object.keys(type.getFields()).length : 0)),
      ],
      ['__Field.args', perItem(fields, (field) => field.args.length)],
      ['__Directive.args', perItem(directives, (directive) => directive.args.length)],
    ]),
    maxWrappers: Math.max(
      0,
      ...[
        ...fields,
        ...fields.flatMap((field) => field.args),
        ...inputFields,
        ...directives.flatMap((d) => d.args),
      ].map((item) => wrappersOf(item.type)),
    ),
  };
  introspectionShapes.set(schema, shape);
  return shape;
}

function outputFieldsOf(type: GraphQLNamedType): GraphQLField<unknown, unknown>[] {
  return isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : [];
}

function wrappersOf(type: GraphQLType): number {
  return isListType(type) || isNonNullType(type) ? 1 + wrappersOf(type.ofType) : 0;
}
