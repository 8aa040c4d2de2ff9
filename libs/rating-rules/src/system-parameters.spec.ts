import { RatingRuleError } from './errors';
import { systemParameters } from './system-parameters';
import { ratingSystems } from './systems';

describe('systemParameters', () => {
  it('fills in every default of every system', () => {
    for (const system of Object.values(ratingSystems)) expect(systemParameters(system.id, {})).toEqual(system.defaults);
  });

  it('keeps a valid override and names the key of a bad one', () => {
    expect(systemParameters('glicko2', { tau: 0.3 }).tau).toBe(0.3);
    expect(() => systemParameters('glicko2', { tau: 'fast' })).toThrow(RatingRuleError);
    expect(() => systemParameters('glicko2', { tau: 'fast' })).toThrow(/params\.tau/);
    expect(() => systemParameters('glicko2', { speed: 1 })).toThrow(/params\.speed/);
    expect(() => systemParameters('chess960', {})).toThrow(/chess960/);
  });
});
