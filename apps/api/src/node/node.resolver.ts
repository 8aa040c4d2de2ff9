import { Arg, Ctx, FieldResolver, ID, Info, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import { loadVisible, type ApiContext } from '../context';
import { QUERY_LIMITS } from '../limits';
import { fromGlobalId, toGlobalId, type NodeKey, type NodeTypeName } from './global-id';
import { Node, NODE_TYPENAME } from './node.type';

/** Each node type read as its own query reads it: an alias of a merged player is the survivor, drafts hidden. */
function loadEntity({ type, id }: NodeKey, { loaders, viewer }: ApiContext): Promise<object | null> {
  switch (type) {
    case 'Player':
      return loaders.player.load(id);
    case 'Tournament':
      return loadVisible(loaders.tournament, id, viewer);
    case 'RatingList':
      return loadVisible(loaders.list, id, viewer);
    case 'Pool':
      return loaders.pool.load(id);
  }
}

/** The entity a global id names, tagged with its type; null for an unknown or malformed id. */
async function loadNode(globalId: string, context: ApiContext): Promise<object | null> {
  const key = fromGlobalId(globalId);
  const entity = key && (await loadEntity(key, context));
  return entity && { ...entity, [NODE_TYPENAME]: key.type };
}

@Resolver(() => Node)
export class NodeResolver {
  @Query(() => Node, {
    nullable: true,
    description:
      'Any entity by its global id (`nodeId`): a Player, Tournament, RatingList or Pool. Null for an unknown, ' +
      'malformed or hidden id; an old id of a merged player answers the survivor.',
  })
  node(
    @Arg('id', () => ID, { description: 'A global id, as `nodeId` gives it.' }) id: string,
    @Ctx() context: ApiContext,
  ): Promise<object | null> {
    return loadNode(id, context);
  }

  @Query(() => [Node], {
    nullable: 'items',
    description:
      'Entities by their global ids, in the order asked (null where `node` would answer null); at most a page’s ' +
      'worth of ids, each costed as one entity.',
  })
  nodes(
    @Arg('ids', () => [ID], {
      description: `Global ids, as \`nodeId\` gives them (at most ${QUERY_LIMITS.maxNodeIds}).`,
    })
    ids: string[],
    @Ctx() context: ApiContext,
  ): Promise<(object | null)[]> {
    return Promise.all(ids.map((id) => loadNode(id, context)));
  }

  @FieldResolver(() => ID)
  nodeId(@Root() entity: { id: number }, @Info() info: GraphQLResolveInfo): string {
    return toGlobalId(info.parentType.name as NodeTypeName, entity.id);
  }
}
