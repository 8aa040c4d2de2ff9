import { createHash } from 'node:crypto';
import { DefaultNamingStrategy, type NamingStrategyInterface, type Table } from 'typeorm';

/** PostgreSQL truncates identifiers longer than NAMEDATALEN − 1 = 63 bytes (docs: "Identifiers and Key Words"). */
export const MAX_IDENTIFIER_LENGTH = 63;
const HASH_SUFFIX_LENGTH = 8;

/** `playerId` → `player_id`, `sourceSha256` → `source_sha256`, `HTMLTitle` → `html_title` (digits stay attached). */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** Keeps a readable name when it fits, else cuts it and appends a short hash so two long names never collide. */
export function fitIdentifier(name: string): string {
  if (name.length <= MAX_IDENTIFIER_LENGTH) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, HASH_SUFFIX_LENGTH);
  return `${name.slice(0, MAX_IDENTIFIER_LENGTH - HASH_SUFFIX_LENGTH - 1)}_${hash}`;
}

/**
 * The one naming strategy of the schema (set in the data source before the first migration was generated):
 * snake_case columns, and constraint/index names a DBA can read in an error message — `pk_players`,
 * `fk_games_white_player_id`, `uq_players_fide_id`, `ix_games_tournament_id_round` — instead of TypeORM's hashes.
 * Tables are always named explicitly on `@Entity`.
 */
export class SnakeNamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  override tableName(targetName: string, userSpecifiedName: string | undefined): string {
    return userSpecifiedName ?? snakeCase(targetName);
  }

  override columnName(propertyName: string, customName: string | undefined, embeddedPrefixes: string[]): string {
    return snakeCase([...embeddedPrefixes, customName ?? propertyName].join('_'));
  }

  override joinColumnName(relationName: string, referencedColumnName: string): string {
    return snakeCase(`${relationName}_${referencedColumnName}`);
  }

  override primaryKeyName(tableOrName: Table | string): string {
    return fitIdentifier(`pk_${this.getTableName(tableOrName)}`);
  }

  override uniqueConstraintName(tableOrName: Table | string, columnNames: string[]): string {
    return fitIdentifier(`uq_${this.getTableName(tableOrName)}_${columnNames.join('_')}`);
  }

  override relationConstraintName(tableOrName: Table | string, columnNames: string[]): string {
    return this.uniqueConstraintName(tableOrName, columnNames);
  }

  override foreignKeyName(tableOrName: Table | string, columnNames: string[]): string {
    return fitIdentifier(`fk_${this.getTableName(tableOrName)}_${columnNames.join('_')}`);
  }

  override indexName(tableOrName: Table | string, columnNames: string[], where?: string): string {
    const partial = where ? `_${createHash('sha256').update(where).digest('hex').slice(0, HASH_SUFFIX_LENGTH)}` : '';
    return fitIdentifier(`ix_${this.getTableName(tableOrName)}_${columnNames.join('_')}${partial}`);
  }

  override checkConstraintName(tableOrName: Table | string, expression: string, isEnum?: boolean): string {
    const hash = createHash('sha256').update(expression).digest('hex').slice(0, HASH_SUFFIX_LENGTH);
    return fitIdentifier(`ck_${this.getTableName(tableOrName)}_${isEnum ? 'enum_' : ''}${hash}`);
  }
}
