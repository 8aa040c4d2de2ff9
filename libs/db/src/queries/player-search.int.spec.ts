import { insertColumns } from '../bulk';
import { Player } from '../entities';
import { createTestDatabase, makePlayer, type TestDatabase } from '../testing';
import { playerNameCondition, playerSearchQuery, searchPlayersByName } from './player-search';

/** Enough rows that the planner prefers the trigram index to a sequential scan on its own (no enable_* tricks). */
const BACKGROUND_PLAYERS = 20_000;

describe('player name search (accents and case ignored)', () => {
  let db: TestDatabase;
  const names = (players: Player[]) => players.map((p) => `${p.surname}, ${p.givenName}`);

  beforeAll(async () => {
    db = await createTestDatabase();
    const survivor = await makePlayer(db.dataSource, { surname: 'Lévesque', givenName: 'Marie' });
    await makePlayer(db.dataSource, { surname: 'LEVESQUE', givenName: 'Jean-François' });
    await makePlayer(db.dataSource, { surname: 'Côté', givenName: 'Éloïse' });
    await makePlayer(db.dataSource, { surname: 'Tremblay', givenName: 'Marie' });
    await makePlayer(db.dataSource, { surname: 'Lévesque', givenName: 'Marie', mergedIntoId: survivor.id });
  });
  afterAll(() => db?.destroy());

  it('finds "Lévesque" for "levesque", in any case, without merged aliases', async () => {
    const found = await searchPlayersByName(db.dataSource.manager, 'levesque');
    expect(names(found).sort()).toEqual(['LEVESQUE, Jean-François', 'Lévesque, Marie']);
  });

  it('needs every word, in either name order', async () => {
    expect(names(await searchPlayersByName(db.dataSource.manager, 'marie LÉVESQUE'))).toEqual(['Lévesque, Marie']);
    expect(names(await searchPlayersByName(db.dataSource.manager, 'Levesque, Marie'))).toEqual(['Lévesque, Marie']);
    expect(names(await searchPlayersByName(db.dataSource.manager, 'cote eloise'))).toEqual(['Côté, Éloïse']);
    expect(await searchPlayersByName(db.dataSource.manager, 'levesque tremblay')).toEqual([]);
  });

  it('returns merged aliases on request', async () => {
    const found = await searchPlayersByName(db.dataSource.manager, 'marie levesque', { includeMerged: true });
    expect(found.map((p) => p.mergedIntoId === null)).toEqual([true, false]);
  });

  it('treats LIKE wildcards in the text as plain characters', async () => {
    expect(await searchPlayersByName(db.dataSource.manager, 'lev%que')).toEqual([]);
    expect(await searchPlayersByName(db.dataSource.manager, '_')).toEqual([]);
    expect(playerNameCondition('p', ' 50%_x\\ ').parameters).toEqual({ nameWord0: '%50\\%\\_x\\\\%' });
  });

  it('rejects a limit outside 1…1000 by name', () => {
    expect(() => playerSearchQuery(db.dataSource.manager, 'x', { limit: 0 })).toThrow(
      'player search: limit must be a whole number from 1 to 1000 (got 0)',
    );
  });

  it('is served by the trigram index on a realistic table', async () => {
    const surnames = Array.from({ length: BACKGROUND_PLAYERS }, (_, i) => `Joueur${i.toString(36)}`);
    await insertColumns(db.dataSource.manager, Player, {
      surname: surnames,
      givenName: surnames.map((_, i) => `Prénom${i % 97}`),
    });
    await db.dataSource.query('ANALYZE players');
    const [sql, parameters] = playerSearchQuery(db.dataSource.manager, 'levesque').getQueryAndParameters();
    const plan: { 'QUERY PLAN': string }[] = await db.dataSource.query(`EXPLAIN ${sql}`, parameters);
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('ix_players_search_name_trgm');
    expect(text).not.toContain('Seq Scan');
    expect(names(await searchPlayersByName(db.dataSource.manager, 'levesque')).sort()).toEqual([
      'LEVESQUE, Jean-François',
      'Lévesque, Marie',
    ]);
  });
});
