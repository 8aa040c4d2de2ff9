import { AuditEvent, Tournament, type Player, type Pool } from '@ratings/db';
import {
  createTestDatabase,
  makeGame,
  makePlayer,
  makePool,
  makeRatingList,
  makeTournament,
  type TestDatabase,
} from '@ratings/db/testing';
import { DomainError } from '../errors';
import { systemActor } from '../common/actor';
import { recordGames, type GameInput } from './games.service';
import { addParticipants } from './participants.service';
import { registerTournament, type RegisterTournamentInput } from './register-tournament.service';
import { createTournament, reopenTournament, submitTournament, updateTournament } from './tournaments.service';

const ctx = systemActor('tournaments test');

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('tournaments', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase();
    pool = await makePool(db.dataSource, { code: 'standard' });
  });
  afterAll(() => db?.destroy());

  const details = {
    poolCode: 'standard',
    name: ' Championnat  de Montréal ',
    city: 'Montréal',
    federation: 'can',
    startDate: '2026-03-06',
    endDate: '2026-03-08',
    rounds: 5,
    type: 'SWISS' as const,
    timeControl: '90+30',
    chiefArbiter: 'IA Jeanne Roy',
  };
  /** A DRAFT tournament with `count` participants (start ranks 1…count). */
  async function withParticipants(count: number): Promise<{ tournament: Tournament; players: Player[] }> {
    const tournament = await createTournament(db.dataSource, details, ctx);
    const players: Player[] = [];
    for (let i = 0; i < count; i++) players.push(await makePlayer(db.dataSource));
    await addParticipants(
      db.dataSource,
      { tournamentId: tournament.id, players: players.map((player) => ({ playerId: player.id })) },
      ctx,
    );
    return { tournament, players };
  }

  describe('createTournament / updateTournament', () => {
    it('registers a DRAFT, hand-entered tournament and audits it', async () => {
      const tournament = await createTournament(db.dataSource, details, ctx);
      expect(tournament).toMatchObject({
        poolId: pool.id,
        name: 'Championnat de Montréal',
        federation: 'CAN',
        startDate: '2026-03-06',
        endDate: '2026-03-08',
        rounds: 5,
        type: 'SWISS',
        status: 'DRAFT',
        sourceFormat: 'MANUAL',
        sourceSha256: null,
      });
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'createTournament', entityId: tournament.id });
      expect(event.after).toMatchObject({ name: 'Championnat de Montréal', status: 'DRAFT' });
    });

    it.each([
      [{ poolCode: 'nope' }, 'NOT_FOUND', 'pool nope does not exist'],
      [
        { endDate: '2026-03-05' },
        'BAD_USER_INPUT',
        'endDate: the tournament cannot end (2026-03-05) before it starts (2026-03-06)',
      ],
      [{ rounds: 0 }, 'BAD_USER_INPUT', 'rounds: must be a whole number from 1 to 999 (got 0)'],
      [
        { type: 'BLITZ' },
        'BAD_USER_INPUT',
        'type: must be one of SWISS, ROUND_ROBIN, DOUBLE_ROUND_ROBIN, KNOCKOUT, MATCH, TEAM, OTHER (got "BLITZ")',
      ],
      [
        { startDate: '06/03/2026' },
        'BAD_USER_INPUT',
        'startDate: must be a date written YYYY-MM-DD (got "06/03/2026")',
      ],
    ])('refuses %j', async (override, code, message) => {
      const input = { ...details, ...override } as Parameters<typeof createTournament>[1];
      expect(await refusal(createTournament(db.dataSource, input, ctx))).toMatchObject({ code, message });
    });

    it('updates a DRAFT, keeping the games that are recorded within the new limits', async () => {
      const { tournament, players } = await withParticipants(2);
      await recordGames(
        db.dataSource,
        {
          tournamentId: tournament.id,
          games: [{ round: 3, white: players[0].id, black: players[1].id, result: '1-0', playedOn: '2026-03-07' }],
        },
        ctx,
      );
      const updated = await updateTournament(
        db.dataSource,
        { tournamentId: tournament.id, name: 'Open de Montréal', rounds: 3 },
        ctx,
      );
      expect(updated).toMatchObject({ name: 'Open de Montréal', rounds: 3, city: 'Montréal' });
      expect(
        await refusal(updateTournament(db.dataSource, { tournamentId: tournament.id, rounds: 2 }, ctx)),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'rounds: games are recorded up to round 3, more than 2',
      });
      expect(
        await refusal(updateTournament(db.dataSource, { tournamentId: tournament.id, endDate: '2026-03-06' }, ctx)),
      ).toMatchObject({
        message: 'endDate: games are dated from 2026-03-07 to 2026-03-07, outside 2026-03-06 to 2026-03-06',
      });
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'updateTournament', entityId: tournament.id });
      expect(event).toMatchObject({
        before: { name: 'Championnat de Montréal', rounds: 5 },
        after: { name: 'Open de Montréal', rounds: 3 },
      });
    });

    it('refuses dates the pool’s system cannot rate, when created and when changed', async () => {
      // The pool rates with fide, whose rules this platform implements from 2024-03-01.
      const created = await refusal(
        createTournament(db.dataSource, { ...details, startDate: '2024-02-01', endDate: '2024-02-29' }, ctx),
      );
      expect(created).toMatchObject({
        code: 'BAD_USER_INPUT',
        message:
          'endDate: pool standard rates with FIDE Rating Regulations (2024), which rates tournaments from 2024-03-01 on; this one ends on 2024-02-29',
      });
      const tournament = await createTournament(db.dataSource, details, ctx);
      const moved = await refusal(
        updateTournament(
          db.dataSource,
          { tournamentId: tournament.id, startDate: '2023-06-01', endDate: '2023-06-03' },
          ctx,
        ),
      );
      expect(moved.message).toContain('this one ends on 2023-06-03');
    });
  });

  describe('addParticipants', () => {
    it('enters players set-based, numbering start ranks after the highest, an alias as its survivor', async () => {
      const tournament = await createTournament(db.dataSource, details, ctx);
      const [a, b, survivor] = [
        await makePlayer(db.dataSource),
        await makePlayer(db.dataSource),
        await makePlayer(db.dataSource),
      ];
      const alias = await makePlayer(db.dataSource, { mergedIntoId: survivor.id });
      const entered = await addParticipants(
        db.dataSource,
        {
          tournamentId: tournament.id,
          players: [{ playerId: a.id, startRank: 5, ratingAtStart: 1850 }, { playerId: b.id }, { playerId: alias.id }],
        },
        ctx,
      );
      expect(entered.map(({ playerId, startRank, ratingAtStart }) => ({ playerId, startRank, ratingAtStart }))).toEqual(
        [
          { playerId: a.id, startRank: 5, ratingAtStart: 1850 },
          { playerId: b.id, startRank: 6, ratingAtStart: null },
          { playerId: survivor.id, startRank: 7, ratingAtStart: null },
        ],
      );
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'addParticipants', entityId: tournament.id });
      expect(event.after).toMatchObject({
        participants: [{ playerId: a.id, startRank: 5 }, { playerId: b.id }, { playerId: survivor.id }],
      });

      const c = await makePlayer(db.dataSource);
      const add = (players: { playerId: number; startRank?: number }[]) =>
        refusal(addParticipants(db.dataSource, { tournamentId: tournament.id, players }, ctx));
      expect(await add([{ playerId: 999_999 }])).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'players[0].playerId: there is no player 999999',
      });
      expect(await add([{ playerId: c.id }, { playerId: a.id }])).toMatchObject({
        message: `players[1].playerId: player ${a.id} is already a participant (start rank 5)`,
      });
      expect(await add([{ playerId: c.id }, { playerId: c.id }])).toMatchObject({
        message: `players[1].playerId: player ${c.id} is listed twice (also players[0])`,
      });
      expect(await add([{ playerId: c.id, startRank: 6 }])).toMatchObject({
        message: `players[0].startRank: start rank 6 is already taken by player ${b.id}`,
      });
      expect(await add([])).toMatchObject({ message: 'players: must list at least one player' });
    });
  });

  describe('recordGames', () => {
    it('records games and byes in one insert, storing ½-½ as 1/2-1/2 and only board results as played', async () => {
      const { tournament, players } = await withParticipants(5);
      const [p1, p2, p3, p4, p5] = players.map((player) => player.id);
      const games = await recordGames(
        db.dataSource,
        {
          tournamentId: tournament.id,
          games: [
            { round: 1, board: 1, white: p1, black: p2, result: '½-½', playedOn: '2026-03-06' },
            { round: 1, board: 2, white: p3, black: p4, result: '1-0', played: false },
            { round: 1, white: p5, result: 'BYE_PAB' },
            { round: 2, board: 1, white: p2, black: p3, result: '+/-' },
            { round: 2, board: 2, white: p4, black: p5, result: '0-1' },
          ],
        },
        ctx,
      );
      expect(
        games.map(({ round, board, whitePlayerId, blackPlayerId, result, played, playedOn }) => ({
          round,
          board,
          whitePlayerId,
          blackPlayerId,
          result,
          played,
          playedOn,
        })),
      ).toEqual([
        {
          round: 1,
          board: 1,
          whitePlayerId: p1,
          blackPlayerId: p2,
          result: '1/2-1/2',
          played: true,
          playedOn: '2026-03-06',
        },
        { round: 1, board: 2, whitePlayerId: p3, blackPlayerId: p4, result: '1-0', played: false, playedOn: null },
        {
          round: 1,
          board: null,
          whitePlayerId: p5,
          blackPlayerId: null,
          result: 'BYE_PAB',
          played: false,
          playedOn: null,
        },
        { round: 2, board: 1, whitePlayerId: p2, blackPlayerId: p3, result: '+/-', played: false, playedOn: null },
        { round: 2, board: 2, whitePlayerId: p4, blackPlayerId: p5, result: '0-1', played: true, playedOn: null },
      ]);
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'recordGames', entityId: tournament.id });
      expect((event.after as { games: unknown[] }).games).toHaveLength(5);

      // A later call is checked against what is already recorded.
      expect(
        await refusal(
          recordGames(
            db.dataSource,
            { tournamentId: tournament.id, games: [{ round: 1, white: p1, black: p5, result: '1-0' }] },
            ctx,
          ),
        ),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: `games[0].white: player ${p1} already plays in round 1 (an earlier game)`,
      });
    });

    it('refuses each kind of bad game, naming the game and field', async () => {
      const { tournament, players } = await withParticipants(3);
      const outsider = await makePlayer(db.dataSource);
      const [p1, p2, p3] = players.map((player) => player.id);
      const record = (games: Partial<GameInput>[]) =>
        refusal(recordGames(db.dataSource, { tournamentId: tournament.id, games: games as GameInput[] }, ctx));
      const cases: [Partial<GameInput>[], string][] = [
        [[{ round: 1, white: 999_999, black: p2, result: '1-0' }], 'games[0].white: there is no player 999999'],
        [
          [{ round: 1, white: p1, black: outsider.id, result: '1-0' }],
          `games[0].black: player ${outsider.id} is not a participant of tournament ${tournament.id}: add him first`,
        ],
        [[{ round: 1, white: p1, black: p1, result: '1-0' }], `games[0].black: player ${p1} cannot play himself`],
        [
          [
            { round: 2, white: p1, black: p2, result: '1-0' },
            { round: 2, white: p3, black: p1, result: '0-1' },
          ],
          `games[1].black: player ${p1} already plays in round 2 (games[0])`,
        ],
        [
          [{ round: 6, white: p1, black: p2, result: '1-0' }],
          "games[0].round: round 6 is beyond the tournament's 5 rounds",
        ],
        [
          [{ round: 1, white: p1, black: p2, result: '1:0' }],
          'games[0].result: "1:0" is not a result: use 1-0, 0-1, ½-½ (or 1/2-1/2) for a game played, +/-, -/+, -/- for a forfeit, or BYE_PAB, BYE_FULL, BYE_HALF, BYE_ZERO for a bye',
        ],
        [
          [{ round: 1, white: p1, black: p2, result: '1-0', playedOn: '2026-03-09' }],
          'games[0].playedOn: 2026-03-09 is outside the tournament (2026-03-06 to 2026-03-08)',
        ],
        [
          [{ round: 1, white: p1, result: '1-0' }],
          'games[0].black: is required for a 1-0 game (only byes have no black player)',
        ],
        [
          [{ round: 1, white: p1, black: p2, result: 'BYE_HALF' }],
          'games[0].black: a bye (BYE_HALF) has no black player',
        ],
        [
          [{ round: 1, white: p1, black: p2, result: '+/-', played: true }],
          'games[0].played: a +/- is never played over the board: only 1-0, 0-1 and ½-½ can be',
        ],
        [
          [
            { round: 1, board: 1, white: p1, black: p2, result: '1-0' },
            { round: 1, board: 1, white: p3, result: 'BYE_FULL' },
          ],
          'games[1].board: board 1 of round 1 is already used (games[0])',
        ],
      ];
      for (const [games, message] of cases)
        expect(await record(games)).toMatchObject({ code: 'BAD_USER_INPUT', message });
      expect(
        await db.dataSource.query('SELECT count(*)::int AS n FROM games WHERE tournament_id = $1', [tournament.id]),
      ).toEqual([{ n: 0 }]);
    });
  });

  describe('registerTournament', () => {
    it('creates, enters, records and submits in one go, with the audit events of the four steps', async () => {
      const players = [
        await makePlayer(db.dataSource),
        await makePlayer(db.dataSource),
        await makePlayer(db.dataSource),
      ];
      const [p1, p2, p3] = players.map((player) => player.id);
      const { tournament, participants, games } = await registerTournament(
        db.dataSource,
        {
          ...details,
          rounds: 3,
          players: [{ playerId: p1, ratingAtStart: 1900 }, { playerId: p2 }, { playerId: p3 }],
          games: [
            { round: 1, board: 1, white: p1, black: p2, result: '1-0' },
            { round: 1, white: p3, result: 'BYE_PAB' },
            { round: 2, board: 1, white: p3, black: p1, result: '½-½' },
            { round: 2, white: p2, result: 'BYE_PAB' },
          ],
          submit: true,
        },
        ctx,
      );
      expect(tournament).toMatchObject({
        name: 'Championnat de Montréal',
        status: 'ACCEPTED',
        sourceFormat: 'MANUAL',
        rounds: 3,
      });
      expect(
        participants.map(({ playerId, startRank, ratingAtStart }) => [playerId, startRank, ratingAtStart]),
      ).toEqual([
        [p1, 1, 1900],
        [p2, 2, null],
        [p3, 3, null],
      ]);
      expect(
        games.map(({ round, whitePlayerId, blackPlayerId, result, played }) => [
          round,
          whitePlayerId,
          blackPlayerId,
          result,
          played,
        ]),
      ).toEqual([
        [1, p1, p2, '1-0', true],
        [1, p3, null, 'BYE_PAB', false],
        [2, p3, p1, '1/2-1/2', true],
        [2, p2, null, 'BYE_PAB', false],
      ]);
      const actions = (
        await db.dataSource
          .getRepository(AuditEvent)
          .find({ where: { entityId: tournament.id, entityType: 'Tournament' }, order: { id: 'ASC' } })
      ).map((event) => event.action);
      expect(actions).toEqual(['createTournament', 'addParticipants', 'recordGames', 'submitTournament']);

      const draft = await registerTournament(
        db.dataSource,
        {
          ...details,
          players: [{ playerId: p1 }, { playerId: p2 }],
          games: [{ round: 1, white: p1, black: p2, result: '0-1' }],
        },
        ctx,
      );
      expect(draft.tournament.status).toBe('DRAFT');
    });

    it('refuses bad input with the checks of each step, naming the field, and leaves nothing behind', async () => {
      const [a, b] = [await makePlayer(db.dataSource), await makePlayer(db.dataSource)];
      const outsider = await makePlayer(db.dataSource);
      const count = async () =>
        (await db.dataSource.query('SELECT count(*)::int AS n FROM tournaments'))[0].n as number;
      const before = await count();
      const register = (input: Partial<RegisterTournamentInput>) =>
        refusal(
          registerTournament(
            db.dataSource,
            {
              ...details,
              players: [{ playerId: a.id }, { playerId: b.id }],
              games: [{ round: 1, white: a.id, black: b.id, result: '1-0' }],
              ...input,
            },
            ctx,
          ),
        );
      expect(await register({ endDate: '2026-03-01' })).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'endDate: the tournament cannot end (2026-03-01) before it starts (2026-03-06)',
      });
      expect(await register({ players: [{ playerId: a.id }, { playerId: a.id }] })).toMatchObject({
        message: `players[1].playerId: player ${a.id} is listed twice (also players[0])`,
      });
      expect(await register({ games: [{ round: 1, white: a.id, black: outsider.id, result: '1-0' }] })).toMatchObject({
        message: expect.stringMatching(
          new RegExp(
            `^games\\[0\\]\\.black: player ${outsider.id} is not a participant of tournament \\d+: add him first$`,
          ),
        ),
      });
      expect(await register({ games: [{ round: 1, white: a.id, result: 'BYE_FULL' }], submit: true })).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/has no games: record them before submitting it$/),
      });
      expect(await register({ poolCode: 'nowhere' })).toMatchObject({
        code: 'NOT_FOUND',
        message: 'pool nowhere does not exist',
      });
      expect(await count()).toBe(before);
    });
  });

  describe('status: a reviewer’s DRAFT → ACCEPTED → (reopen) DRAFT; RATED is final', () => {
    it('refuses to submit a tournament without games (byes alone are none), then submits, refuses edits, and reopens', async () => {
      const { tournament, players } = await withParticipants(2);
      expect(await refusal(submitTournament(db.dataSource, { tournamentId: tournament.id }, ctx))).toMatchObject({
        code: 'CONFLICT',
        message: `tournament ${tournament.id} has no games: record them before submitting it`,
      });
      await recordGames(
        db.dataSource,
        { tournamentId: tournament.id, games: [{ round: 1, white: players[0].id, result: 'BYE_FULL' }] },
        ctx,
      );
      expect(await refusal(submitTournament(db.dataSource, { tournamentId: tournament.id }, ctx))).toMatchObject({
        code: 'CONFLICT',
      });
      await recordGames(
        db.dataSource,
        {
          tournamentId: tournament.id,
          games: [{ round: 2, white: players[0].id, black: players[1].id, result: '1-0' }],
        },
        ctx,
      );
      // A process submits as a reviewer: accepted at once (tournament-review.int.spec.ts covers the arbiter's way).
      expect((await submitTournament(db.dataSource, { tournamentId: tournament.id }, ctx)).status).toBe('ACCEPTED');

      const submitted = `tournament ${tournament.id} is ACCEPTED and cannot be changed: reopen it first`;
      expect(
        await refusal(
          recordGames(
            db.dataSource,
            {
              tournamentId: tournament.id,
              games: [{ round: 3, white: players[0].id, black: players[1].id, result: '1-0' }],
            },
            ctx,
          ),
        ),
      ).toMatchObject({ code: 'CONFLICT', message: submitted });
      expect(
        await refusal(updateTournament(db.dataSource, { tournamentId: tournament.id, name: 'X' }, ctx)),
      ).toMatchObject({ code: 'CONFLICT', message: submitted });
      expect(await refusal(submitTournament(db.dataSource, { tournamentId: tournament.id }, ctx))).toMatchObject({
        message: `tournament ${tournament.id} is already ACCEPTED`,
      });

      expect((await reopenTournament(db.dataSource, { tournamentId: tournament.id }, ctx)).status).toBe('DRAFT');
      expect(await refusal(reopenTournament(db.dataSource, { tournamentId: tournament.id }, ctx))).toMatchObject({
        message: `tournament ${tournament.id} is already a DRAFT`,
      });
      const actions = (
        await db.dataSource
          .getRepository(AuditEvent)
          .find({ where: { entityId: tournament.id, entityType: 'Tournament' }, order: { id: 'ASC' } })
      ).map((event) => `${event.action}:${JSON.stringify(event.after?.status ?? null)}`);
      expect(actions.slice(-2)).toEqual(['submitTournament:"ACCEPTED"', 'reopenTournament:"DRAFT"']);
    });

    it('refuses every write to a RATED tournament', async () => {
      const list = await makeRatingList(db.dataSource, { poolId: pool.id, status: 'PUBLISHED' });
      const rated = await makeTournament(db.dataSource, { poolId: pool.id, status: 'RATED', ratedInListId: list.id });
      const player = await makePlayer(db.dataSource);
      await makeGame(db.dataSource, { tournamentId: rated.id });
      const message = `tournament ${rated.id} is RATED (rating list ${list.id}) and can no longer change`;
      const writes = [
        () => updateTournament(db.dataSource, { tournamentId: rated.id, name: 'X' }, ctx),
        () => addParticipants(db.dataSource, { tournamentId: rated.id, players: [{ playerId: player.id }] }, ctx),
        () =>
          recordGames(
            db.dataSource,
            { tournamentId: rated.id, games: [{ round: 1, white: player.id, result: 'BYE_FULL' }] },
            ctx,
          ),
        () => submitTournament(db.dataSource, { tournamentId: rated.id }, ctx),
        () => reopenTournament(db.dataSource, { tournamentId: rated.id }, ctx),
      ];
      for (const write of writes) expect(await refusal(write())).toMatchObject({ code: 'CONFLICT', message });
    });

    it('needs the tournaments:enter permission', async () => {
      const admin = {
        actor: { kind: 'staff' as const, staffId: 1, role: 'ADMIN' as const, label: 'admin@example.org' },
      };
      expect(await refusal(createTournament(db.dataSource, details, admin))).toMatchObject({
        code: 'FORBIDDEN',
        message: 'permission tournaments:enter is not granted to role ADMIN',
      });
    });
  });
});
