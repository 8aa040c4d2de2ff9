import en from './dictionaries/en.json';
import fr from './dictionaries/fr.json';

type Tree = string | Tree[] | { [key: string]: Tree };

/** Every leaf of a dictionary as `path → text`, arrays by index (`faq.items.0.question`). */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  if (typeof tree === 'string') return new Map([[prefix, tree]]);
  const entries = Array.isArray(tree)
    ? tree.map((value, index) => [String(index), value] as const)
    : Object.entries(tree);
  return new Map(entries.flatMap(([key, value]) => [...leaves(value, prefix ? `${prefix}.${key}` : key)]));
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const dictionaries = { fr: leaves(fr), en: leaves(en) };

describe('dictionaries', () => {
  it('have exactly the same keys in French and English', () => {
    const frKeys = [...dictionaries.fr.keys()].sort();
    const enKeys = [...dictionaries.en.keys()].sort();
    expect(enKeys.filter((key) => !dictionaries.fr.has(key))).toEqual([]);
    expect(frKeys.filter((key) => !dictionaries.en.has(key))).toEqual([]);
    expect(frKeys.length).toBeGreaterThan(100);
  });

  it.each(Object.entries(dictionaries))('%s has no empty string', (_locale, texts) => {
    expect([...texts].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const mismatches = [...dictionaries.fr].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(dictionaries.en.get(key) ?? '').join(),
    );
    expect(mismatches).toEqual([]);
  });

  it('name each language in itself for the language switch', () => {
    expect(fr.language.name).toBe('Français');
    expect(en.language.name).toBe('English');
  });

  it('use the glossary terms of the navigation', () => {
    expect(fr.nav).toEqual({
      home: 'Accueil',
      rankings: 'Classements',
      tournaments: 'Tournois',
      lists: 'Listes',
      calculator: 'Calculateur',
      howRatingsWork: 'Fonctionnement',
    });
    expect(en.nav).toEqual({
      home: 'Home',
      rankings: 'Rankings',
      tournaments: 'Tournaments',
      lists: 'Lists',
      calculator: 'Calculator',
      howRatingsWork: 'How ratings work',
    });
  });

  it('write French punctuation with a no-break space before : ; ? !', () => {
    const breakable = [...dictionaries.fr].filter(([, text]) => / [:;?!]/.test(text)).map(([key]) => key);
    expect(breakable).toEqual([]);
  });
});
