import { Field, ID, InterfaceType } from 'type-graphql';

/** Marks what `node` and `nodes` return with its GraphQL type, which a database row does not carry. */
export const NODE_TYPENAME = Symbol('node typename');

@InterfaceType({
  description:
    'An object with a global id (Relay object identification): `node(id: nodeId)` fetches it again, whatever its type.',
  resolveType: (value: { [NODE_TYPENAME]?: string }) => value[NODE_TYPENAME],
  // Every implementation is reachable from Query: registering them up front would only reorder schema.graphql.
  autoRegisterImplementations: false,
})
export abstract class Node {
  @Field(() => ID, {
    description:
      'Global id, opaque and unique across types (for `node` and `nodes`, and client caches). `id` stays the number ' +
      'the site’s addresses, the downloads and the webhooks use.',
  })
  nodeId!: string;
}
