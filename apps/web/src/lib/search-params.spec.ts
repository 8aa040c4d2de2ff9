import { firstParam, hrefWithQuery, isIsoDate } from './search-params';

describe('firstParam', () => {
  it.each([
    [{ q: 'levesque' }, 'levesque'],
    [{ q: '  levesque  ' }, 'levesque'],
    [{ q: ['first', 'second'] }, 'first'],
    [{ q: '   ' }, undefined],
    [{ q: '' }, undefined],
    [{}, undefined],
  ])('%j → %s', (params, expected) => {
    expect(firstParam(params, 'q')).toBe(expected);
  });
});

describe('hrefWithQuery', () => {
  it('keeps the parameters in order and leaves the empty ones out', () => {
    expect(
      hrefWithQuery('/classements/standard', { category: 'GM', sex: undefined, club: '', age: 'U12', list: null }),
    ).toBe('/classements/standard?category=GM&age=U12');
  });

  it('encodes values and gives the bare path without parameters', () => {
    expect(hrefWithQuery('/joueurs', { q: 'Lévesque Émilie', club: "Club d'échecs & co" })).toBe(
      '/joueurs?q=L%C3%A9vesque+%C3%89milie&club=Club+d%27%C3%A9checs+%26+co',
    );
    expect(hrefWithQuery('/joueurs', {})).toBe('/joueurs');
  });
});

describe('isIsoDate', () => {
  it.each([
    ['2026-11-01', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['01/11/2026', false],
    ['2026-11-01T00:00:00Z', false],
  ])('%s → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});
