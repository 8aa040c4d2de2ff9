import { AuditEvent, Game, Player, TournamentParticipant } from '@ratings/db';
import { In } from 'typeorm';
import {
  createTestDatabase,
  makeGame,
  makeParticipant,
  makePlayer,
  makeRatingList,
  makeStaffUser,
  makeTournament,
  type TestDatabase,
} from '@ratings/db/testing';
import { DomainError } from '../errors';
import { systemActor, type WriteContext } from '../common/actor';
import { mergePlayers } from './merge-players.service';
import type { PlayerInput } from './player.validation';
import { createPlayer, createPlayers, getPlayer, resolvePlayerId, updatePlayer } from './players.service';

const ctx = systemActor('players test');

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('players', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.destroy());
  const reload = (id: number) => db.dataSource.getRepository(Player).findOneByOrFail({ id });

  describe('createPlayer / updatePlayer', () => {
    it('stores a normalised player and audits it', async () => {
      const player = await createPlayer(
        db.dataSource,
        {
          surname: '  Lévesque ',
          givenName: 'Marie-Ève',
          sex: 'F',
          birthDate: '1985-03-02',
          federation: 'can',
          fideId: '2600001',
          nationalId: 'QC-1234',
          club: 'CE Montréal',
          titles: ['wfm', 'WFM'],
        },
        ctx,
      );
      expect(player).toMatchObject({
        surname: 'Lévesque',
        givenName: 'Marie-Ève',
        sex: 'F',
        birthDate: '1985-03-02',
        birthYear: 1985,
        federation: 'CAN',
        fideId: '2600001',
        nationalId: 'QC-1234',
        titles: ['WFM'],
        status: 'ACTIVE',
        mergedIntoId: null,
      });
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'createPlayer', entityId: player.id });
      expect(event).toMatchObject({
        actorLabel: 'players test',
        before: null,
        after: { surname: 'Lévesque', birthDate: '1985-03-02' },
      });
    });

    it.each([
      [{ surname: '   ' }, 'surname: must not be blank'],
      [{ sex: 'X' }, 'sex: must be one of M, F (got "X")'],
      [{ birthDate: '1987-02-30' }, 'birthDate: "1987-02-30" is not a calendar date'],
      [{ birthDate: '2999-01-01' }, 'birthDate: 2999-01-01 is in the future'],
      [{ birthDate: '1985-03-02', birthYear: 1986 }, 'birthYear: 1986 disagrees with the birth date 1985-03-02'],
      [{ federation: 'CANADA' }, 'federation: must be a three-letter federation code such as CAN (got "CANADA")'],
      [{ federation: 'C4N' }, 'federation: must be a three-letter federation code such as CAN (got "C4N")'],
      [{ fideId: '12a45' }, 'fideId: must be digits only, without a leading zero, at most 12 (got "12a45")'],
      [
        { titles: ['GM', 'Grandmaster'] },
        'titles[1]: must be one of GM, IM, FM, CM, WGM, WIM, WFM, WCM, IA, FA, NA, IO, FST, FT, FI, DI, NI (got "GRANDMASTER")',
      ],
    ])('refuses %j with a message naming the field', async (override, message) => {
      const error = await refusal(
        createPlayer(db.dataSource, { surname: 'Valid', ...override } as Parameters<typeof createPlayer>[1], ctx),
      );
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message });
    });

    it('refuses a national id or FIDE id that another player holds, naming that player', async () => {
      const holder = await makePlayer(db.dataSource, {
        surname: 'Tremblay',
        givenName: 'Luc',
        nationalId: 'QC-777',
        fideId: '2600777',
      });
      expect(await refusal(createPlayer(db.dataSource, { surname: 'Other', nationalId: 'QC-777' }, ctx))).toMatchObject(
        {
          code: 'CONFLICT',
          message: `nationalId: QC-777 already belongs to player ${holder.id} (Tremblay, Luc)`,
          details: { field: 'nationalId', playerId: holder.id },
        },
      );
      const other = await makePlayer(db.dataSource);
      expect(await refusal(updatePlayer(db.dataSource, { playerId: other.id, fideId: '2600777' }, ctx))).toMatchObject({
        code: 'CONFLICT',
        message: `fideId: 2600777 already belongs to player ${holder.id} (Tremblay, Luc)`,
      });
      // Keeping one's own id is no conflict.
      expect(
        (await updatePlayer(db.dataSource, { playerId: holder.id, nationalId: 'QC-777', club: 'Laval' }, ctx)).club,
      ).toBe('Laval');
    });

    it('changes only the given fields, clears with null, and audits before and after', async () => {
      const player = await makePlayer(db.dataSource, {
        surname: 'Roy',
        givenName: 'Anne',
        club: 'Old club',
        birthDate: '1990-01-01',
        birthYear: 1990,
      });
      const staff = await makeStaffUser(db.dataSource);
      const staffCtx: WriteContext = {
        actor: { kind: 'staff', staffId: staff.id, role: 'RATING_OFFICER', label: staff.email },
      };
      const updated = await updatePlayer(
        db.dataSource,
        { playerId: player.id, club: null, givenName: 'Anne-Marie' },
        staffCtx,
      );
      expect(updated).toMatchObject({ surname: 'Roy', givenName: 'Anne-Marie', club: null, birthDate: '1990-01-01' });
      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'updatePlayer', entityId: player.id });
      expect(event).toMatchObject({
        actorStaffId: staff.id,
        before: { givenName: 'Anne', club: 'Old club' },
        after: { givenName: 'Anne-Marie', club: null },
      });
      const admin: WriteContext = { actor: { kind: 'staff', staffId: staff.id, role: 'ADMIN', label: staff.email } };
      expect(await refusal(updatePlayer(db.dataSource, { playerId: player.id, club: 'X' }, admin))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(await refusal(updatePlayer(db.dataSource, { playerId: 999_999, club: 'X' }, ctx))).toMatchObject({
        code: 'NOT_FOUND',
      });
    });
  });

  describe('createPlayers', () => {
    it('registers a batch in the order given, with titles, one audit event per player', async () => {
      const players = await createPlayers(
        db.dataSource,
        [
          {
            surname: ' Côté ',
            givenName: 'Élise',
            sex: 'F',
            birthDate: '2011-05-17',
            federation: 'can',
            nationalId: 'BATCH-1',
            club: 'Échiquier de Québec',
          },
          {
            surname: 'Nakamura',
            givenName: 'Hiroshi',
            sex: 'M',
            birthYear: 1979,
            federation: 'JPN',
            fideId: '7700001',
            titles: ['im', 'FM'],
          },
          // Two rows equal in every column but the status still get their own ids, in order.
          { surname: 'Roy', status: 'INACTIVE' },
          { surname: 'Roy' },
        ],
        ctx,
      );
      expect(
        players.map(({ surname, givenName, birthYear, federation, fideId, nationalId, club, titles, status }) => ({
          surname,
          givenName,
          birthYear,
          federation,
          fideId,
          nationalId,
          club,
          titles,
          status,
        })),
      ).toEqual([
        {
          surname: 'Côté',
          givenName: 'Élise',
          birthYear: 2011,
          federation: 'CAN',
          fideId: null,
          nationalId: 'BATCH-1',
          club: 'Échiquier de Québec',
          titles: [],
          status: 'ACTIVE',
        },
        {
          surname: 'Nakamura',
          givenName: 'Hiroshi',
          birthYear: 1979,
          federation: 'JPN',
          fideId: '7700001',
          nationalId: null,
          club: null,
          titles: ['IM', 'FM'],
          status: 'ACTIVE',
        },
        {
          surname: 'Roy',
          givenName: null,
          birthYear: null,
          federation: null,
          fideId: null,
          nationalId: null,
          club: null,
          titles: [],
          status: 'INACTIVE',
        },
        {
          surname: 'Roy',
          givenName: null,
          birthYear: null,
          federation: null,
          fideId: null,
          nationalId: null,
          club: null,
          titles: [],
          status: 'ACTIVE',
        },
      ]);
      expect(await reload(players[1].id)).toMatchObject({ titles: ['IM', 'FM'] });
      const events = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'createPlayer', entityId: In(players.map((player) => player.id)) });
      expect(events.map((event) => event.after?.surname).sort()).toEqual(['Côté', 'Nakamura', 'Roy', 'Roy']);
      expect(events.every((event) => event.actorLabel === 'players test')).toBe(true);
    });

    it('refuses a bad entry, a repeated identifier and one already held, naming the entry, and writes nothing', async () => {
      const holder = await createPlayer(
        db.dataSource,
        { surname: 'Bélanger', givenName: 'Luc', nationalId: 'BATCH-HELD', fideId: '7700099' },
        ctx,
      );
      const before = await db.dataSource.getRepository(Player).count();
      const create = (inputs: PlayerInput[]) => refusal(createPlayers(db.dataSource, inputs, ctx));
      expect(await create([{ surname: 'A' }, { surname: 'B', birthDate: '1987-02-30' }])).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'players[1].birthDate: "1987-02-30" is not a calendar date',
        details: { argument: 'players[1].birthDate' },
      });
      expect(
        await create([
          { surname: 'A', nationalId: 'X-1' },
          { surname: 'B', nationalId: 'X-1' },
        ]),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'players[1].nationalId: X-1 is given twice (also players[0])',
      });
      expect(await create([{ surname: 'A' }, { surname: 'B', fideId: '7700099' }])).toMatchObject({
        code: 'CONFLICT',
        message: `players[1].fideId: 7700099 already belongs to player ${holder.id} (Bélanger, Luc)`,
      });
      expect(await create([{ surname: 'A', nationalId: 'BATCH-HELD' }])).toMatchObject({
        code: 'CONFLICT',
        message: `players[0].nationalId: BATCH-HELD already belongs to player ${holder.id} (Bélanger, Luc)`,
      });
      expect(await create([])).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'players: must list at least one player',
      });
      expect(await db.dataSource.getRepository(Player).count()).toBe(before);
    });
  });

  describe('mergePlayers', () => {
    it('keeps the duplicate as an alias, moves draft data, leaves rated tournaments alone, and repoints older aliases', async () => {
      const keep = await makePlayer(db.dataSource, { surname: 'Gagnon', givenName: 'Paul' });
      const remove = await makePlayer(db.dataSource, { surname: 'Gagnon', givenName: 'P.' });
      const olderAlias = await makePlayer(db.dataSource, {
        surname: 'Gagnon',
        givenName: 'Pol',
        mergedIntoId: remove.id,
      });
      const opponent = await makePlayer(db.dataSource);

      const draft = await makeTournament(db.dataSource);
      const draftEntry = await makeParticipant(db.dataSource, { tournamentId: draft.id, playerId: remove.id });
      await makeParticipant(db.dataSource, { tournamentId: draft.id, playerId: opponent.id });
      const draftGames = [
        await makeGame(db.dataSource, {
          tournamentId: draft.id,
          round: 1,
          whitePlayerId: remove.id,
          blackPlayerId: opponent.id,
        }),
        await makeGame(db.dataSource, {
          tournamentId: draft.id,
          round: 2,
          whitePlayerId: opponent.id,
          blackPlayerId: remove.id,
          result: '0-1',
        }),
      ];
      const list = await makeRatingList(db.dataSource, { status: 'PUBLISHED' });
      const rated = await makeTournament(db.dataSource, { status: 'RATED', ratedInListId: list.id });
      const ratedEntry = await makeParticipant(db.dataSource, { tournamentId: rated.id, playerId: remove.id });
      const ratedGame = await makeGame(db.dataSource, {
        tournamentId: rated.id,
        whitePlayerId: remove.id,
        blackPlayerId: opponent.id,
      });

      const result = await mergePlayers(db.dataSource, { keep: keep.id, remove: remove.id }, ctx);
      expect(result.moved).toEqual({ participants: 1, games: 2, aliases: 1 });
      expect(result.alias.mergedIntoId).toBe(keep.id);
      expect((await reload(olderAlias.id)).mergedIntoId).toBe(keep.id);
      const participants = db.dataSource.getRepository(TournamentParticipant);
      expect((await participants.findOneByOrFail({ id: draftEntry.id })).playerId).toBe(keep.id);
      expect((await participants.findOneByOrFail({ id: ratedEntry.id })).playerId).toBe(remove.id);
      const games = db.dataSource.getRepository(Game);
      expect((await games.findOneByOrFail({ id: draftGames[0].id })).whitePlayerId).toBe(keep.id);
      expect((await games.findOneByOrFail({ id: draftGames[1].id })).blackPlayerId).toBe(keep.id);
      expect((await games.findOneByOrFail({ id: ratedGame.id })).whitePlayerId).toBe(remove.id);

      const manager = db.dataSource.manager;
      expect(await resolvePlayerId(manager, remove.id)).toBe(keep.id);
      expect(await resolvePlayerId(manager, olderAlias.id)).toBe(keep.id);
      expect(await resolvePlayerId(manager, keep.id)).toBe(keep.id);
      expect((await getPlayer(manager, remove.id))?.id).toBe(keep.id);
      expect(await getPlayer(manager, 999_999)).toBeNull();
      await expect(resolvePlayerId(manager, 999_999)).rejects.toThrow('player 999999 does not exist');

      const [event] = await db.dataSource
        .getRepository(AuditEvent)
        .findBy({ action: 'mergePlayers', entityId: remove.id });
      expect(event).toMatchObject({
        before: { mergedIntoId: null },
        after: { mergedIntoId: keep.id, moved: { participants: 1, games: 2, aliases: 1 } },
      });
    });

    it('refuses when both played in the same unrated tournament, naming it, and changes nothing', async () => {
      const keep = await makePlayer(db.dataSource);
      const remove = await makePlayer(db.dataSource);
      const tournament = await makeTournament(db.dataSource, { name: 'Spring Open', status: 'SUBMITTED' });
      await makeParticipant(db.dataSource, { tournamentId: tournament.id, playerId: keep.id });
      await makeParticipant(db.dataSource, { tournamentId: tournament.id, playerId: remove.id });
      const error = await refusal(mergePlayers(db.dataSource, { keep: keep.id, remove: remove.id }, ctx));
      expect(error).toMatchObject({
        code: 'CONFLICT',
        message: `players ${keep.id} and ${remove.id} both play in unrated tournament ${tournament.id} (Spring Open): correct the tournament before merging`,
        details: { tournamentIds: [tournament.id] },
      });
      expect((await reload(remove.id)).mergedIntoId).toBeNull();
    });

    it('merges players who met only in a rated tournament', async () => {
      const keep = await makePlayer(db.dataSource);
      const remove = await makePlayer(db.dataSource);
      const list = await makeRatingList(db.dataSource, { status: 'PUBLISHED' });
      const rated = await makeTournament(db.dataSource, { status: 'RATED', ratedInListId: list.id });
      await makeGame(db.dataSource, { tournamentId: rated.id, whitePlayerId: keep.id, blackPlayerId: remove.id });
      expect((await mergePlayers(db.dataSource, { keep: keep.id, remove: remove.id }, ctx)).moved).toEqual({
        participants: 0,
        games: 0,
        aliases: 0,
      });
    });

    it('refuses merging a player into himself, into an alias, or an alias again', async () => {
      const keep = await makePlayer(db.dataSource);
      const remove = await makePlayer(db.dataSource);
      const third = await makePlayer(db.dataSource);
      expect(await refusal(mergePlayers(db.dataSource, { keep: keep.id, remove: keep.id }, ctx))).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: `remove: is the same player as keep (${keep.id})`,
      });
      await mergePlayers(db.dataSource, { keep: keep.id, remove: remove.id }, ctx);
      expect(await refusal(mergePlayers(db.dataSource, { keep: third.id, remove: remove.id }, ctx))).toMatchObject({
        code: 'CONFLICT',
        message: `player ${remove.id} was already merged into player ${keep.id}`,
      });
      expect(await refusal(mergePlayers(db.dataSource, { keep: remove.id, remove: third.id }, ctx))).toMatchObject({
        code: 'CONFLICT',
        message: `player ${remove.id} was itself merged into player ${keep.id}: merge into player ${keep.id}`,
      });
      expect(await refusal(updatePlayer(db.dataSource, { playerId: remove.id, club: 'X' }, ctx))).toMatchObject({
        code: 'CONFLICT',
      });
      expect(await refusal(mergePlayers(db.dataSource, { keep: keep.id, remove: 999_999 }, ctx))).toMatchObject({
        code: 'NOT_FOUND',
      });
    });
  });
});
