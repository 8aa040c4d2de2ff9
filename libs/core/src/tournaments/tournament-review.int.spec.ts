import { databaseTargetFromEnv, type Pool, type StaffUser } from '@ratings/db';
import { createTestDatabase, makePlayer, makePool, makeStaffUser, type TestDatabase } from '@ratings/db/testing';
import { DomainError } from '../errors';
import { tournamentStatusHistories } from '../reading/review';
import { tournamentsPage } from '../reading/tournaments';
import type { WriteContext } from '../common/actor';
import { recordGames } from './games.service';
import { addParticipants } from './participants.service';
import { tournamentChecks } from './tournament-checks';
import {
  acceptTournament,
  createTournament,
  reopenTournament,
  returnTournament,
  submitTournament,
  updateTournament,
} from './tournaments.service';

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const onServer = databaseTargetFromEnv().engine === 'postgres' ? it : it.skip;

const as = (user: StaffUser): WriteContext => ({
  actor: { kind: 'staff', staffId: user.id, role: user.role, label: user.email },
});

describe('tournament review: arbiters submit, rating officers accept or return', () => {
  let db: TestDatabase;
  let pool: Pool;
  let officer: StaffUser;
  let arbiter: StaffUser;
  let otherArbiter: StaffUser;
  let secondOfficer: StaffUser;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = await makePool(db.dataSource, { code: 'standard' });
    officer = await makeStaffUser(db.dataSource, { role: 'RATING_OFFICER', email: 'officer@fed.example' });
    arbiter = await makeStaffUser(db.dataSource, {
      role: 'ARBITER',
      email: 'arbiter@fed.example',
      displayName: 'Jeanne Roy',
    });
    otherArbiter = await makeStaffUser(db.dataSource, { role: 'ARBITER', email: 'other@fed.example' });
    secondOfficer = await makeStaffUser(db.dataSource, { role: 'RATING_OFFICER', email: 'second@fed.example' });
  });
  afterAll(() => db?.destroy());

  /** A DRAFT tournament by `creator` with two players and one game, ready to submit. */
  async function draftBy(creator: StaffUser, name = 'Open de Sherbrooke') {
    const ctx = as(creator);
    const tournament = await createTournament(
      db.dataSource,
      { poolCode: pool.code, name, startDate: '2026-10-03', endDate: '2026-10-04', rounds: 2 },
      ctx,
    );
    const white = await makePlayer(db.dataSource, { birthDate: '1990-01-01', birthYear: 1990, sex: 'M' });
    const black = await makePlayer(db.dataSource, { birthDate: null, birthYear: null, sex: 'F' });
    await addParticipants(
      db.dataSource,
      { tournamentId: tournament.id, players: [{ playerId: white.id }, { playerId: black.id }] },
      ctx,
    );
    await recordGames(
      db.dataSource,
      { tournamentId: tournament.id, games: [{ round: 1, white: white.id, black: black.id, result: '1-0' }] },
      ctx,
    );
    return { tournament, white, black };
  }

  it('records the creator; an arbiter’s submission waits (SUBMITTED), an officer accepts it, with the history', async () => {
    const { tournament } = await draftBy(arbiter);
    expect(tournament.createdByStaffId).toBe(arbiter.id);
    expect((await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter))).status).toBe(
      'SUBMITTED',
    );
    expect((await acceptTournament(db.dataSource, { tournamentId: tournament.id }, as(officer))).status).toBe(
      'ACCEPTED',
    );
    const [history] = await tournamentStatusHistories(db.dataSource, [tournament.id]);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.staffUserId, e.reason])).toEqual([
      ['DRAFT', 'SUBMITTED', arbiter.id, null],
      ['SUBMITTED', 'ACCEPTED', officer.id, null],
    ]);
    expect(history[0].actorName).toBe('Jeanne Roy');
  });

  it('returns a submission to DRAFT with the reason; the arbiter fixes and submits it again', async () => {
    const { tournament } = await draftBy(arbiter);
    await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter));
    const blank = await refusal(
      returnTournament(db.dataSource, { tournamentId: tournament.id, reason: '  ' }, as(officer)),
    );
    expect(blank).toMatchObject({ code: 'BAD_USER_INPUT', details: { argument: 'reason' } });
    const returned = await returnTournament(
      db.dataSource,
      { tournamentId: tournament.id, reason: 'Round 2 is missing' },
      as(officer),
    );
    expect(returned.status).toBe('DRAFT');
    await updateTournament(db.dataSource, { tournamentId: tournament.id, rounds: 1 }, as(arbiter));
    expect((await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter))).status).toBe(
      'SUBMITTED',
    );
    const [history] = await tournamentStatusHistories(db.dataSource, [tournament.id]);
    expect(history.map((e) => `${e.fromStatus}>${e.toStatus}:${e.reason ?? ''}`)).toEqual([
      'DRAFT>SUBMITTED:',
      'SUBMITTED>DRAFT:Round 2 is missing',
      'DRAFT>SUBMITTED:',
    ]);
    const audit = await db.dataSource.query(
      `SELECT after FROM audit_events WHERE action = 'returnTournament' AND entity_id = $1`,
      [tournament.id],
    );
    expect(audit).toEqual([{ after: { status: 'DRAFT', reason: 'Round 2 is missing' } }]);
  });

  it('accepts an officer’s own submission at once', async () => {
    const { tournament } = await draftBy(officer);
    expect((await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(officer))).status).toBe(
      'ACCEPTED',
    );
    const [history] = await tournamentStatusHistories(db.dataSource, [tournament.id]);
    expect(history.map((e) => [e.fromStatus, e.toStatus])).toEqual([['DRAFT', 'ACCEPTED']]);
  });

  it('accepts and returns only SUBMITTED tournaments (CONFLICT), and only for reviewers (FORBIDDEN)', async () => {
    const { tournament } = await draftBy(arbiter);
    expect(await refusal(acceptTournament(db.dataSource, { tournamentId: tournament.id }, as(officer)))).toMatchObject({
      code: 'CONFLICT',
      message: `tournament ${tournament.id} is DRAFT: only a SUBMITTED tournament can be accepted`,
    });
    await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter));
    expect(await refusal(acceptTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter)))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'permission tournaments:review is not granted to role ARBITER',
    });
    expect(
      (await refusal(returnTournament(db.dataSource, { tournamentId: tournament.id, reason: 'x' }, as(arbiter)))).code,
    ).toBe('FORBIDDEN');
  });

  /** An arbiter's submission, and what came of one officer accepting it while another returns it. */
  async function acceptedAndReturnedAtOnce(
    race: (tournamentId: number, start: () => Promise<unknown>[]) => Promise<PromiseSettledResult<unknown>[]>,
  ) {
    const { tournament } = await draftBy(arbiter);
    await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter));
    const tournamentId = tournament.id;
    const outcomes = await race(tournamentId, () => [
      acceptTournament(db.dataSource, { tournamentId }, as(officer)),
      returnTournament(db.dataSource, { tournamentId, reason: 'Round 2 is missing' }, as(secondOfficer)),
    ]);
    const [history] = await tournamentStatusHistories(db.dataSource, [tournamentId]);
    return { outcomes, history };
  }

  /** Exactly one of accept and return won; the other was refused with a CONFLICT; the history holds the winner. */
  function expectOneWinner({ outcomes, history }: Awaited<ReturnType<typeof acceptedAndReturnedAtOnce>>) {
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(DomainError);
    expect(lost[0].reason.code).toBe('CONFLICT');
    const winner = (won[0] as PromiseFulfilledResult<{ status: string }>).value.status;
    expect(lost[0].reason.message).toMatch(
      new RegExp(`is ${winner}: only a SUBMITTED tournament can be (accepted|returned)$`),
    );
    expect(history.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual(['DRAFT>SUBMITTED', `SUBMITTED>${winner}`]);
  }

  it('lets one of two officers win when they accept and return the same submission at once', async () => {
    expectOneWinner(await acceptedAndReturnedAtOnce((_id, start) => Promise.allSettled(start())));
  });

  onServer(
    'locks the submission: accept and return reading it at the same moment, one CONFLICT (server only)',
    async () => {
      const outcome = await acceptedAndReturnedAtOnce(async (tournamentId, start) => {
        // Hold the row while both start, so that both are waiting on it before either reads its status.
        let settled!: Promise<PromiseSettledResult<unknown>[]>;
        await db.dataSource.transaction(async (holder) => {
          await holder.query('SELECT id FROM tournaments WHERE id = $1 FOR UPDATE', [tournamentId]);
          settled = Promise.allSettled(start());
          await waitForLockWaiters(2);
        });
        return settled;
      });
      expectOneWinner(outcome);
    },
  );

  /** Waits until `count` sessions of this database wait on a lock (the racers blocked on the held row). */
  async function waitForLockWaiters(count: number): Promise<void> {
    let waiting = 0;
    for (let attempt = 0; attempt < 200 && waiting < count; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      [{ waiting }] = await db.dataSource.query(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
    }
    if (waiting < count) throw new Error(`${count} sessions never waited on the tournament's row lock`);
  }

  it('lets an arbiter change only his own tournaments: another’s draft is NOT_FOUND, an accepted one FORBIDDEN', async () => {
    const { tournament } = await draftBy(arbiter);
    const hidden = await refusal(
      updateTournament(db.dataSource, { tournamentId: tournament.id, rounds: 1 }, as(otherArbiter)),
    );
    expect(hidden).toMatchObject({ code: 'NOT_FOUND', message: `tournament ${tournament.id} does not exist` });
    const officers = await draftBy(officer, 'Officer’s open');
    await submitTournament(db.dataSource, { tournamentId: officers.tournament.id }, as(officer));
    const accepted = await refusal(
      reopenTournament(db.dataSource, { tournamentId: officers.tournament.id }, as(arbiter)),
    );
    expect(accepted.code).toBe('FORBIDDEN');
    // He may withdraw his own submission, not reopen it once accepted.
    await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter));
    expect((await reopenTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter))).status).toBe('DRAFT');
    await submitTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter));
    await acceptTournament(db.dataSource, { tournamentId: tournament.id }, as(officer));
    expect((await refusal(reopenTournament(db.dataSource, { tournamentId: tournament.id }, as(arbiter)))).code).toBe(
      'FORBIDDEN',
    );
  });

  it('lists to an arbiter his own tournaments and the public ones; filters by creator and status', async () => {
    const mine = await draftBy(otherArbiter, 'Only mine');
    const page = await tournamentsPage(db.dataSource, { reader: as(otherArbiter).actor }, 100, { after: null });
    expect(
      page.rows.every((t) => t.createdByStaffId === otherArbiter.id || ['ACCEPTED', 'RATED'].includes(t.status)),
    ).toBe(true);
    expect(page.rows.map((t) => t.id)).toContain(mine.tournament.id);
    const theirs = await tournamentsPage(db.dataSource, { reader: as(arbiter).actor }, 100, { after: null });
    expect(theirs.rows.map((t) => t.id)).not.toContain(mine.tournament.id);
    const byCreator = await tournamentsPage(
      db.dataSource,
      { reader: as(officer).actor, createdBy: otherArbiter.id, status: 'DRAFT' },
      100,
      { after: null },
    );
    expect(byCreator.rows.map((t) => t.id)).toEqual([mine.tournament.id]);
    expect(byCreator.totalCount).toBe(1);
    const accepted = await draftBy(officer, 'Public open');
    await submitTournament(db.dataSource, { tournamentId: accepted.tournament.id }, as(officer));
    const publicPage = await tournamentsPage(db.dataSource, { reader: null }, 100, { after: null });
    expect(publicPage.rows.map((t) => t.id)).toContain(accepted.tournament.id);
    expect(publicPage.rows.every((t) => ['ACCEPTED', 'RATED'].includes(t.status))).toBe(true);
  });

  it('checks a tournament from the database: a missing birth date and a likely duplicate in the register', async () => {
    const { tournament, white, black } = await draftBy(arbiter, 'Checked open');
    const twin = await makePlayer(db.dataSource, {
      surname: white.surname.toUpperCase(),
      givenName: white.givenName,
      birthYear: 1990,
      birthDate: null,
    });
    const checks = await tournamentChecks(db.dataSource, tournament.id);
    expect(checks.map((c) => [c.code, c.playerId, c.otherPlayerId])).toEqual([
      ['MISSING_BIRTH_DATE', black.id, null],
      ['LIKELY_DUPLICATE', white.id, twin.id],
    ]);
    expect((await refusal(tournamentChecks(db.dataSource, 2_000_000))).code).toBe('NOT_FOUND');
  });
});
