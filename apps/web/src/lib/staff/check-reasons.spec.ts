import { getDictionary } from '@/i18n/dictionary';
import { TournamentType } from '@/__generated__/graphql';
import { checkReason } from './check-reasons';

describe('checkReason: a check worded in the console’s language from its code and parameters', () => {
  const fr = getDictionary('fr');
  const en = getDictionary('en');
  const word = (locale: 'fr' | 'en', check: Parameters<typeof checkReason>[0]) => {
    const dictionary = locale === 'fr' ? fr : en;
    const names = { tournamentTypes: dictionary.common.tournamentTypes, results: dictionary.staff.entry.results };
    return checkReason(check, dictionary.staff.tournament.checkReasons, names, locale);
  };

  it('says in French what the API says in English, with the player named as the API names him', () => {
    const check = { code: 'MISSING_BIRTH_DATE' as const, params: { player: 'Lévesque, Émilie (42)' } };
    expect(word('fr', check)).toBe(
      'Lévesque, Émilie (42) n’a pas de date de naissance\u00a0: il n’entre dans aucune catégorie d’âge',
    );
    // English: word for word the API's message (libs/core's checkTournament).
    expect(word('en', check)).toBe('Lévesque, Émilie (42) has no birth date: he is in no age group');
  });

  it('writes dates the locale’s way and names the tournament type', () => {
    const outside = {
      code: 'GAME_OUTSIDE_DATES' as const,
      params: { round: 2, playedOn: '2026-10-05', startDate: '2026-10-03', endDate: '2026-10-04' },
    };
    expect(word('fr', outside)).toBe(
      'la ronde 2 est datée du 5 octobre 2026, hors du tournoi (du 3 octobre 2026 au 4 octobre 2026)',
    );
    const repeat = {
      code: 'REPEATED_PAIRING' as const,
      params: { round: 3, player: 'A (1)', otherPlayer: 'B (2)', meeting: 2, tournamentType: TournamentType.Swiss },
    };
    expect(word('fr', repeat)).toBe(
      'ronde 3\u00a0: A (1) et B (2) se rencontrent de nouveau (rencontre n° 2) dans un tournoi «\u00a0Système suisse\u00a0»',
    );
  });

  it('fails loudly when the API leaves out a value the template names', () => {
    expect(() => word('fr', { code: 'PERFORMANCE_OUTLIER', params: { player: 'A (1)' } })).toThrow(/performance/);
  });
});
