import type { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Player } from '../entities';
import { inListOrder, keysetOf, orderFor, type PagePosition } from './keyset';

/** Default and largest page of a name search (the API enforces its own, smaller, page size). */
export const DEFAULT_SEARCH_LIMIT = 20;
export const MAX_SEARCH_LIMIT = 1000;

export interface NameCondition {
  /** SQL for a WHERE clause, over the players table aliased as given. */
  readonly where: string;
  readonly parameters: Record<string, string>;
}

/**
 * Condition "the player's name contains every word of `text`", ignoring accents and case, in either name
 * order ('levesque marie' and 'Marie Lévesque' both find "Lévesque, Marie"). Each word is a `LIKE '%word%'`
 * on `player_search_name(surname, given_name)`, which the trigram index `ix_players_search_name_trgm` serves.
 * No words → no restriction.
 */
export function playerNameCondition(alias: string, text: string): NameCondition {
  const words = text.split(/[\s,]+/).filter((word) => word.length > 0);
  if (words.length === 0) return { where: 'TRUE', parameters: {} };
  const parameters: Record<string, string> = {};
  const clauses = words.map((word, i) => {
    const name = `nameWord${i}`;
    parameters[name] = `%${escapeLike(word)}%`;
    return `player_search_name(${alias}.surname, ${alias}.given_name) LIKE immutable_unaccent(lower(:${name}))`;
  });
  return { where: clauses.join(' AND '), parameters };
}

export interface SearchPlayersOptions {
  readonly limit?: number;
  /** Also return aliases left by merges (default: survivors only). */
  readonly includeMerged?: boolean;
}

/** Players whose name matches `text` (see playerNameCondition), closest names first. */
export function searchPlayersByName(
  manager: EntityManager,
  text: string,
  options: SearchPlayersOptions = {},
): Promise<Player[]> {
  return playerSearchQuery(manager, text, options).getMany();
}

/** The query behind searchPlayersByName, for callers that page, count or EXPLAIN it. */
export function playerSearchQuery(
  manager: EntityManager,
  text: string,
  options: SearchPlayersOptions = {},
): SelectQueryBuilder<Player> {
  const limit = options.limit ?? DEFAULT_SEARCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) {
    throw new RangeError(`player search: limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT} (got ${limit})`);
  }
  const condition = playerNameCondition('player', text);
  const query = manager
    .getRepository(Player)
    .createQueryBuilder('player')
    .where(condition.where, condition.parameters)
    .orderBy(
      'similarity(player_search_name(player.surname, player.given_name), immutable_unaccent(lower(:text)))',
      'DESC',
    )
    .addOrderBy('player.surname', 'ASC')
    .addOrderBy('player.id', 'ASC')
    .setParameter('text', text)
    .limit(limit);
  if (!options.includeMerged) query.andWhere('player.merged_into_id IS NULL');
  return query;
}

/** LIKE treats `%`, `_` and the escape character `\` specially; a search for "50%" means the characters. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface PlayerDirectoryConditions {
  /** Words of a name (see playerNameCondition). */
  readonly search?: string | null;
  /** Compared as stored (upper case). */
  readonly federation?: string | null;
  readonly club?: string | null;
  readonly sex?: string | null;
}

/** Keyset of the player directory: surname, given name ('' when none), id. */
export interface PlayerDirectoryCursor {
  readonly surname: string;
  readonly givenName: string;
  readonly id: number;
}

/** A page of the player directory (survivors only, alphabetical) and how many match in all. */
export async function playerDirectory(
  db: DataSource | EntityManager,
  conditions: PlayerDirectoryConditions,
  limit: number,
  position: PagePosition<PlayerDirectoryCursor>,
): Promise<{ rows: Player[]; totalCount: number }> {
  const query = db.getRepository(Player).createQueryBuilder('player').where('player.merged_into_id IS NULL');
  if (conditions.search) {
    const condition = playerNameCondition('player', conditions.search);
    query.andWhere(condition.where, condition.parameters);
  }
  if (conditions.federation) query.andWhere('player.federation = :federation', { federation: conditions.federation });
  if (conditions.club) query.andWhere('player.club = :club', { club: conditions.club });
  if (conditions.sex) query.andWhere('player.sex = :sex', { sex: conditions.sex });
  const totalCount = await query.clone().getCount();
  const { key, backward } = keysetOf(position);
  if (key) {
    const beyond = backward ? '<' : '>';
    query.andWhere(
      `(player.surname, coalesce(player.given_name, ''), player.id) ${beyond} (:surname, :givenName, :id)`,
      key,
    );
  }
  const order = orderFor('ASC', backward);
  const rows = await query
    .orderBy('player.surname', order)
    .addOrderBy("coalesce(player.given_name, '')", order)
    .addOrderBy('player.id', order)
    .limit(limit)
    .getMany();
  return { rows: inListOrder(rows, backward), totalCount };
}
