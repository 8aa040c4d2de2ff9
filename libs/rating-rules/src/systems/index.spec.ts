import { getRatingSystem, RATING_SYSTEM_IDS, ratingSystems } from '.';

describe('the registry', () => {
  it('tells the performance method of each system’s tournament pages (FIDE B.02 Ra + dp(p) for fide, linear otherwise)', () => {
    expect(RATING_SYSTEM_IDS.map((id) => [id, getRatingSystem(id).performanceMethod])).toEqual([
      ['elo', 'linear'],
      ['elo-provisional', 'linear'],
      ['fqe', 'linear'],
      ['fide', 'fide'],
      ['glicko2', 'linear'],
    ]);
    for (const system of Object.values(ratingSystems)) expect(['linear', 'fide']).toContain(system.performanceMethod);
  });

  it('says which optional player state each system uses', () => {
    expect(RATING_SYSTEM_IDS.filter((id) => getRatingSystem(id).uses.deviation)).toEqual(['glicko2']);
    expect(RATING_SYSTEM_IDS.filter((id) => getRatingSystem(id).uses.birthYear)).toEqual(['fide']);
  });
});
