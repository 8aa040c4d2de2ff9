import { dateFromIso, fideDateText, readDate, roundDateText } from './dates';

describe('readDate', () => {
  // Forms taken from the real files in __fixtures__ and from FIDE's YYYY/MM/DD (TRF-2026 042, 052, 70-79).
  it.each([
    ['2024/01/01', '2024-01-01', 2024],
    ['28. 07. 2005', '2005-07-28', 2005],
    ['24/09/2010', '2010-09-24', 2010],
    ['1969.12.06', '1969-12-06', 1969],
    ['2010-10-02', '2010-10-02', 2010],
    ['May 10, 2020', '2020-05-10', 2020],
    ['10 Sept 2020', '2020-09-10', 2020],
    ['12/31/2019', '2019-12-31', 2019],
    ['1978', null, 1978],
    ['1987/00/00', null, 1987],
    ['2024/02/29', '2024-02-29', 2024],
  ])('%s', (text, iso, year) => {
    expect(readDate(text)).toEqual({ date: { text, iso, year }, understood: true });
  });

  it.each([['2023/02/29'], ['someday'], ['Mayday 10, 2020'], ['24/01/01']])(
    '%s is not understood (kept as text)',
    (text) => {
      expect(readDate(text)?.understood).toBe(false);
      expect(readDate(text)?.date.iso).toBeNull();
    },
  );

  it('reads blank as no date', () => {
    expect(readDate('   ')).toBeNull();
  });

  it('places a two-digit round-date year in the century nearest the start year', () => {
    expect(readDate('24/01/06', 2024)?.date.iso).toBe('2024-01-06');
    expect(readDate('99/12/30', 2000)?.date.iso).toBe('1999-12-30');
    expect(readDate('05/07/28', 1999)?.date.iso).toBe('2005-07-28');
  });
});

describe('dates written for TRF-2026', () => {
  it('formats full dates, bare years and round dates', () => {
    expect(fideDateText({ text: '28. 07. 2005', iso: '2005-07-28', year: 2005 })).toBe('2005/07/28');
    expect(fideDateText({ text: '1978', iso: null, year: 1978 })).toBe('1978/00/00');
    expect(fideDateText({ text: 'someday', iso: null, year: null })).toBe('someday');
    expect(roundDateText({ text: '2024/01/06', iso: '2024-01-06', year: 2024 })).toBe('24/01/06');
  });

  it('builds dates from ISO dates and years only', () => {
    expect(dateFromIso('1990-05-17')).toEqual({ text: '1990/05/17', iso: '1990-05-17', year: 1990 });
    expect(dateFromIso('1985')).toEqual({ text: '1985/00/00', iso: null, year: 1985 });
    expect(dateFromIso('1990-02-30')).toBeNull();
    expect(dateFromIso('17/05/1990')).toBeNull();
  });
});
