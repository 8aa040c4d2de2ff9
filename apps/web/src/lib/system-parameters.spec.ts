import { ParameterType } from '@/__generated__/graphql';
import { parameterQuery, readSystemParameters, refusedField } from './system-parameters';

const elo = {
  parameters: [
    { key: 'k', type: ParameterType.Number },
    { key: 'model', type: ParameterType.Enum, values: ['logistic', 'fide-table'] },
    { key: 'cap400', type: ParameterType.Boolean },
    { key: 'initialRating', type: ParameterType.Number },
  ],
};

describe('a rating system’s parameters read from a GET form', () => {
  it('reads the declared keys by type, French commas included, and leaves blank ones to the defaults', () => {
    expect(
      readSystemParameters(elo, { p_k: '12,5', p_model: 'fide-table', p_cap400: 'true', p_initialRating: ' ' }),
    ).toEqual({
      ok: true,
      parameters: { k: 12.5, model: 'fide-table', cap400: true },
      fields: { k: '12,5', model: 'fide-table', cap400: 'true' },
    });
  });

  it('ignores keys the system does not declare, however many are sent', () => {
    const query = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p_extra${i}`, '1']));
    expect(readSystemParameters(elo, { ...query, k: '20' })).toEqual({ ok: true, parameters: {}, fields: {} });
  });

  it('names the first field that is no value of its type', () => {
    expect(readSystemParameters(elo, { p_k: '20 points', p_model: 'logistic' })).toMatchObject({ ok: false, key: 'k' });
    expect(readSystemParameters(elo, { p_model: 'coin-toss' })).toMatchObject({ ok: false, key: 'model' });
    expect(readSystemParameters(elo, { p_cap400: 'yes' })).toMatchObject({ ok: false, key: 'cap400' });
    expect(readSystemParameters(elo, { p_k: 'Infinity' })).toMatchObject({ ok: false, key: 'k' });
  });

  it('cuts a long field to a bounded length before reading it', () => {
    const reading = readSystemParameters(elo, { p_k: '1'.repeat(10_000) });
    expect(reading.fields.k).toHaveLength(32);
  });

  it('writes the fields back as query parameters', () => {
    expect(parameterQuery({ k: '20', model: 'logistic' })).toEqual({ p_k: '20', p_model: 'logistic' });
  });
});

describe('the field an API refusal names', () => {
  it('is the parameter, with or without its path, or the form’s own field', () => {
    expect(refusedField('parameters.k')).toBe('k');
    expect(refusedField('params.k')).toBe('k');
    expect(refusedField('k')).toBe('k');
    expect(refusedField('to')).toBe('to');
    expect(refusedField(null)).toBeNull();
  });
});
