import { playerName, titlesText } from './player-name';

describe('playerName', () => {
  it('writes the surname first, accents kept', () => {
    expect(playerName({ surname: 'Lévesque', givenName: 'Émilie' })).toBe('Lévesque, Émilie');
    expect(playerName({ surname: 'Ababil', givenName: null })).toBe('Ababil');
  });

  it('lists titles in order', () => {
    expect(titlesText(['GM', 'WGM'])).toBe('GM WGM');
    expect(titlesText([])).toBe('');
  });
});
