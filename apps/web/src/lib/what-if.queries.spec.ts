import { RatingSystemId } from '@/__generated__/graphql';
import { compareWithOfficial, otherSystems, type RatingSystemData } from './what-if.queries';
import type { StandingRow } from './tournament.queries';

const standing = (playerId: string, name: string, before: number, after: number): StandingRow => ({
  position: Number(playerId),
  startRank: Number(playerId),
  playerId,
  name,
  titles: [],
  federation: null,
  club: null,
  ratingAtStart: before,
  points: 0,
  gamesPlayed: 1,
  performance: null,
  ratingBefore: before,
  ratingAfter: after,
  change: after - before,
  k: 32,
  bonus: 0,
  rounds: [],
});

describe('a what-if beside the official ratings', () => {
  it('pairs each player’s official change with the what-if’s, in the standings’ order', () => {
    const rows = compareWithOfficial(
      [
        standing('1', 'Tremblay, Noah', 2390, 2400),
        standing('2', 'Lévesque, Émilie', 2450, 2440),
        standing('3', 'Absent, A', 1500, 1500),
      ],
      [
        { player: { id: '2' }, ratingBefore: 2450, ratingAfter: 2438, provisional: false, change: -12 },
        { player: { id: '1' }, ratingBefore: 2390, ratingAfter: 2402, provisional: true, change: 12 },
      ],
    );
    expect(rows).toEqual([
      {
        playerId: '1',
        name: 'Tremblay, Noah',
        officialBefore: 2390,
        officialAfter: 2400,
        officialChange: 10,
        whatIfBefore: 2390,
        whatIfAfter: 2402,
        whatIfChange: 12,
        whatIfProvisional: true,
      },
      {
        playerId: '2',
        name: 'Lévesque, Émilie',
        officialBefore: 2450,
        officialAfter: 2440,
        officialChange: -10,
        whatIfBefore: 2450,
        whatIfAfter: 2438,
        whatIfChange: -12,
        whatIfProvisional: false,
      },
    ]);
  });

  it('offers every system of the registry but the pool’s own', () => {
    const system = (id: RatingSystemId): RatingSystemData => ({ id, name: id, nameFr: id, parameters: [] });
    const systems = [system(RatingSystemId.Elo), system(RatingSystemId.Fqe), system(RatingSystemId.Fide)];
    expect(otherSystems(systems, RatingSystemId.Fqe).map((s) => s.id)).toEqual(['ELO', 'FIDE']);
  });
});
