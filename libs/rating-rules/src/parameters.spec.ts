import { rateEvents } from './rate-events';
import { getRatingSystem, RATING_SYSTEM_IDS, ratingSystems } from './systems';
import { resolveParameters } from './parameters';

describe('rating system registry and parameters', () => {
  it('lists the five systems of the spec by id', () => {
    expect(RATING_SYSTEM_IDS).toEqual(['elo', 'elo-provisional', 'fqe', 'fide', 'glicko2']);
    for (const id of RATING_SYSTEM_IDS) expect(getRatingSystem(id).id).toBe(id);
  });

  it.each(RATING_SYSTEM_IDS)(
    '%s describes every parameter (type, default, description, source) and its defaults match',
    (id) => {
      const system = ratingSystems[id];
      expect(system.name).not.toBe('');
      expect(system.nameFr).not.toBe('');
      for (const p of system.parameters) {
        expect(p.description.length).toBeGreaterThan(10);
        expect(p.source.length).toBeGreaterThan(5);
        expect(system.defaults[p.key as keyof typeof system.defaults]).toBe(p.default);
      }
      expect(resolveParameters(system.parameters, undefined, id)).toEqual(system.defaults);
      expect(JSON.parse(JSON.stringify(system.defaults))).toEqual(system.defaults); // plain JSON, as a pool stores it
    },
  );

  it('marks the spec’s decisions as named parameters with a [DECISION] source', () => {
    const decisions = RATING_SYSTEM_IDS.flatMap((id) =>
      ratingSystems[id].parameters.filter((p) => p.source.includes('[DECISION]')).map((p) => `${id}.${p.key}`),
    );
    expect(decisions).toEqual(
      expect.arrayContaining([
        'elo-provisional.scaleKAgainstProvisional',
        'fqe.certainWinAbove735',
        'fqe.halvedAbove',
        'fqe.bonusOnHalvedChange',
        'fqe.roundBeforeBonus',
        'fqe.unratedOpponentRating',
        'fide.newPlayerGames',
        'fide.pRounding',
      ]),
    );
  });

  it('merges given parameters with the defaults and returns them with the result', () => {
    const result = rateEvents('elo', { k: 20 }, [], []);
    expect(result.params).toEqual({ ...ratingSystems.elo.defaults, k: 20 });
  });
});
