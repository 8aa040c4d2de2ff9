import { consolePagesFor, mayOpenConsolePage } from './console-pages';

describe('the console pages by role', () => {
  it('offers an arbiter his tournaments and the upload only', () => {
    expect(consolePagesFor('ARBITER').map((entry) => entry.key)).toEqual(['tournaments', 'upload']);
    expect(mayOpenConsolePage('ARBITER', 'runs')).toBe(false);
    expect(mayOpenConsolePage('ARBITER', 'players')).toBe(false);
    expect(mayOpenConsolePage('ARBITER', 'admin')).toBe(false);
    expect(mayOpenConsolePage('ARBITER', 'simulate')).toBe(false);
    expect(mayOpenConsolePage('ARBITER', 'upload')).toBe(true);
  });

  it('keeps administration to administrators, who may open every page', () => {
    expect(mayOpenConsolePage('RATING_OFFICER', 'admin')).toBe(false);
    expect(mayOpenConsolePage('RATING_OFFICER', 'runs')).toBe(true);
    expect(mayOpenConsolePage('ADMIN', 'runs')).toBe(true);
    expect(consolePagesFor('ADMIN').map((entry) => entry.key)).toEqual(['dashboard', 'simulate', 'admin']);
    expect(mayOpenConsolePage('RATING_OFFICER', 'simulate')).toBe(true);
  });
});
