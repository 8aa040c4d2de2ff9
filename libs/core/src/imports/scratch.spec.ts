import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseTrf, extractGames } from '@ratings/trf';
it('explore', () => {
  const dir = join(__dirname, '__fixtures__');
  for (const f of readdirSync(dir)) {
    const doc = parseTrf(readFileSync(join(dir, f), 'utf8'));
    const { games, byes } = extractGames(doc);
    const count = (xs: string[]) => xs.reduce((m, x) => ((m[x] = (m[x] ?? 0) + 1), m), {} as Record<string, number>);
    console.log(f, doc.version, doc.dialect, doc.rounds, doc.players.length, 'unrated', doc.players.filter(p => p.rating === null).length,
      'nofide', doc.players.filter(p => p.fideId === null).length,
      'nobirth', doc.players.filter(p => p.birthDate === null).length,
      'birthIso', doc.players.filter(p => p.birthDate?.iso).length,
      JSON.stringify(count(games.map(g => `${g.result}:${g.played}`))), JSON.stringify(count(byes.map(b => b.kind))),
      'dup fide', doc.players.length - new Set(doc.players.map(p => p.fideId ?? `n${p.startRank}`)).size,
      'rounddates', JSON.stringify(doc.tournament.roundDates.map(d => d?.iso)), doc.tournament.startDate, doc.tournament.endDate,
      'natl', JSON.stringify(doc.nationalRatings.map(n => [n.federation, n.startRank, n.nationalId])),
      'warnings', JSON.stringify(count(doc.warnings.map(w => w.code))), 'comma', doc.players.filter(p => p.name.includes(',')).length,
      'titles', JSON.stringify(count(doc.players.map(p => String(p.title)))), 'sex', JSON.stringify(count(doc.players.map(p => String(p.sex)))),
      'fed', JSON.stringify(count(doc.players.map(p => String(p.federation)))).slice(0, 300), doc.tournament.type, doc.teams.length, doc.teamDetails.length,
      'maxfide', Math.max(...doc.players.map(p => p.fideId ?? 0)));
  }
});
