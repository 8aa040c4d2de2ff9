import type { QueryRunner } from 'typeorm';

/** Runs a migration's statements one after the other, in its transaction. */
export async function runStatements(queryRunner: QueryRunner, ...statements: string[]): Promise<void> {
  for (const statement of statements) await queryRunner.query(statement);
}
