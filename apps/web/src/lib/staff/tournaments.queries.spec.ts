import { TournamentStatus } from '@/__generated__/graphql';
import { pendingReturnReason, tournamentActions } from './tournaments.queries';

describe('tournamentActions', () => {
  it.each([
    [TournamentStatus.Draft, 'ARBITER', ['submit']],
    [TournamentStatus.Submitted, 'ARBITER', ['reopen']],
    [TournamentStatus.Accepted, 'ARBITER', []],
    [TournamentStatus.Draft, 'RATING_OFFICER', ['submit']],
    [TournamentStatus.Submitted, 'RATING_OFFICER', ['accept', 'return', 'reopen']],
    [TournamentStatus.Accepted, 'RATING_OFFICER', ['reopen']],
    [TournamentStatus.Submitted, 'ADMIN', ['accept', 'return', 'reopen']],
    [TournamentStatus.Rated, 'RATING_OFFICER', []],
  ])('%s for %s: %j', (status, role, expected) => {
    expect(tournamentActions(status, role)).toEqual(expected);
  });
});

describe('pendingReturnReason', () => {
  const event = (from: TournamentStatus, to: TournamentStatus, reason: string | null = null) => ({
    from,
    to,
    reason,
    by: 'Officer',
    at: '2026-11-20T10:00:00.000Z',
  });
  const returned = [
    event(TournamentStatus.Draft, TournamentStatus.Submitted),
    event(TournamentStatus.Submitted, TournamentStatus.Draft, 'Round 3 is missing.'),
  ];

  it('is the latest return’s reason while the tournament is a draft', () => {
    expect(pendingReturnReason(TournamentStatus.Draft, returned)).toBe('Round 3 is missing.');
  });

  it('is gone once the draft is submitted again, or after a withdrawal without reason', () => {
    expect(
      pendingReturnReason(TournamentStatus.Submitted, [
        ...returned,
        event(TournamentStatus.Draft, TournamentStatus.Submitted),
      ]),
    ).toBeNull();
    expect(
      pendingReturnReason(TournamentStatus.Draft, [
        event(TournamentStatus.Draft, TournamentStatus.Submitted),
        event(TournamentStatus.Submitted, TournamentStatus.Draft),
      ]),
    ).toBeNull();
  });
});
