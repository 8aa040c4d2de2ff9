import { compareDistributions } from './lists.queries';

describe('compareDistributions', () => {
  it('puts the draft beside the list in force, band by band, a missing band counting 0', () => {
    expect(
      compareDistributions(
        [
          { from: 1500, count: 3 },
          { from: 1700, count: 1 },
        ],
        [
          { from: 1500, count: 2 },
          { from: 1600, count: 4 },
        ],
      ),
    ).toEqual([
      { from: 1500, draft: 3, previous: 2 },
      { from: 1600, draft: 0, previous: 4 },
      { from: 1700, draft: 1, previous: 0 },
    ]);
  });
});
