import { pageMetadata } from './metadata';

describe('pageMetadata', () => {
  it('links the page to its other language and marks French as the default', () => {
    const metadata = pageMetadata(
      'en',
      { section: 'calculator', params: [] },
      { title: 'Elo rating calculator', description: 'Work out your new rating.' },
    );
    expect(metadata.title).toBe('Elo rating calculator');
    expect(metadata.description).toBe('Work out your new rating.');
    expect(metadata.alternates).toEqual({
      canonical: '/en/calculator',
      languages: { fr: '/calculateur', en: '/en/calculator', 'x-default': '/calculateur' },
    });
    expect(metadata.openGraph).toMatchObject({ locale: 'en_GB', title: 'Elo rating calculator' });
  });

  it('gives a French page its French canonical address', () => {
    const metadata = pageMetadata(
      'fr',
      { section: 'players', params: ['42'] },
      { title: 'Joueur', description: 'Fiche' },
    );
    expect(metadata.alternates?.canonical).toBe('/joueurs/42');
    expect(metadata.openGraph).toMatchObject({ locale: 'fr_FR' });
  });
});
