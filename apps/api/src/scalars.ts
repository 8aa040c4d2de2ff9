import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `node`: the literal refused, so that the error names the argument it was given for (see arguments.ts). */
function parseDate(value: unknown, node?: ValueNode): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new GraphQLError(`Date must be a calendar date written YYYY-MM-DD, got ${JSON.stringify(value)}`, {
      nodes: node,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  }
  return value;
}

/** A calendar date without time zone, `YYYY-MM-DD` (lists and tournaments are dated by day). */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : parseDate(value)),
  parseValue: (value) => parseDate(value),
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined, ast),
});
