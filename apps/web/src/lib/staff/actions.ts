'use server';

import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { MAX_TRF_CHARACTERS, MAX_TRF_FILE_BYTES } from '@ratings/contract';
import { ListFormat, type GameResult, type StaffRole, type TournamentType } from '@/__generated__/graphql';
import type { ActionState } from '@/components/staff/action-state';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate, formatCount } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { apiUrl, postGraphQL } from '../api';
import { ApiGraphQLError, ApiUnavailableError } from '../api-error';
import {
  createApiKeyMutation,
  createStaffUserMutation,
  createWebhookMutation,
  deleteWebhookMutation,
  revokeApiKeyMutation,
  updateStaffUserMutation,
} from './admin.queries';
import { signInHref, staffMutation, type MutationResult } from './api';
import { loginMutation } from './auth.queries';
import { correctGameResultMutation, republishRatingListMutation } from './corrections.queries';
import { readRoundGames, toGridNumbering } from './entry-form';
import {
  addParticipantsMutation,
  createPlayerMutation,
  createTournamentMutation,
  recordGamesMutation,
} from './entry.queries';
import { importTrfMutation, toImportReportView, type ImportReportView } from './import-report';
import { publishRatingListMutation, runRatingPeriodMutation } from './lists.queries';
import {
  decodeListFile,
  effectiveDateOf,
  importRatingListMutation,
  listFormatOf,
  ratingControlOf,
  type ListImportReportView,
} from './list-import';
import { PLAYER_TEXT_FIELDS, mergePlayersMutation, updatePlayerMutation } from './players.queries';
import { safeReturnPath } from './paths';
import { clearSession, storeSession } from './session';
import {
  acceptTournamentMutation,
  reopenTournamentMutation,
  returnTournamentMutation,
  submitTournamentMutation,
} from './tournaments.queries';

/**
 * The console's Server Actions: each reads its form, makes one API call with the session's token and answers
 * an `ActionState` (or redirects to the page that shows the result). Next.js refuses an action whose `Origin`
 * is not the site's own (CSRF), and the session cookie is `SameSite=Strict` besides.
 */

/**
 * A mutation's result as the form shows it; `onOk` turns the data into what the form keeps. After a change the
 * page is rendered again (`refresh()`), so it shows the new state (a status, a name) beside the form's message.
 */
function toState<TData, TKept>(result: MutationResult<TData>, onOk: (data: TData) => TKept): ActionState<TKept> {
  switch (result.status) {
    case 'ok':
      refresh();
      return { status: 'ok', data: onOk(result.data) };
    case 'refused':
      return { status: 'refused', message: result.message, argument: result.argument };
    default:
      return { status: result.status };
  }
}

const text = (formData: FormData, name: string): string => {
  const value = formData.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Signs in through the API's `login`. From the sign-in page (`next` set) it goes on to that page; from the
 * panel a form shows when the session expired (no `next`) it answers in place, so the form can be sent again.
 */
export async function signIn(_state: ActionState, formData: FormData): Promise<ActionState> {
  let login;
  try {
    ({ login } = await postGraphQL(apiUrl(), loginMutation, {
      email: text(formData, 'email'),
      password: String(formData.get('password') ?? ''),
    }));
  } catch (error) {
    if (error instanceof ApiUnavailableError) return { status: 'unavailable' };
    if (error instanceof ApiGraphQLError) {
      const [first] = error.errors;
      return { status: 'refused', message: first?.message ?? error.message, argument: first?.argument ?? null };
    }
    throw error;
  }
  await storeSession(login.token, login.expiresAt);
  const next = safeReturnPath(formData.get('next'));
  if (next) redirect(next);
  return { status: 'ok', data: null };
}

/** Forgets the token. (The API has no logout: tokens are signed, not stored, and run out at `expiresAt`.) */
export async function signOut(locale: Locale): Promise<void> {
  await clearSession();
  redirect(signInHref(locale));
}

export async function submitTournament(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(submitTournamentMutation, { id }), () => null);
}

export async function reopenTournament(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(reopenTournamentMutation, { id }), () => null);
}

export async function acceptTournament(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(acceptTournamentMutation, { id }), () => null);
}

/** Returns a submission to its arbiter with the reason he reads (the API checks it is there and not too long). */
export async function returnTournament(id: string, _state: ActionState, formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(returnTournamentMutation, { id, reason: text(formData, 'reason') }), () => null);
}

/**
 * Reads the uploaded file as UTF-8 and imports it. A file larger than the import's limit is refused here, before
 * its text is sent (the browser checks first; this is for a browser that did not).
 */
export async function importTrf(
  locale: Locale,
  _state: ActionState<ImportReportView>,
  formData: FormData,
): Promise<ActionState<ImportReportView>> {
  const file = formData.get('file');
  const { upload } = getDictionary(locale).staff;
  if (!(file instanceof File) || file.size === 0)
    return { status: 'refused', message: upload.noFile, argument: 'content' };
  const tooLarge = {
    status: 'refused',
    message: fillTemplate(upload.tooLarge, { max: formatCount(MAX_TRF_CHARACTERS, locale) }),
    argument: 'content',
  } as const;
  if (file.size > MAX_TRF_FILE_BYTES) return tooLarge;
  const content = await file.text();
  if (content.length > MAX_TRF_CHARACTERS) return tooLarge;
  const result = await staffMutation(importTrfMutation, { pool: text(formData, 'pool'), content, fileName: file.name });
  return toState(result, (data) => toImportReportView(data.importTrf));
}

/**
 * Imports a rating-list file as a pool's starting list (the API's importRatingList); the report, or the API's
 * refusal with the line and column of the first value it could not read.
 */
export async function importRatingList(
  locale: Locale,
  _state: ActionState<ListImportReportView>,
  formData: FormData,
): Promise<ActionState<ListImportReportView>> {
  const file = formData.get('file');
  const { listImport } = getDictionary(locale).staff;
  if (!(file instanceof File) || file.size === 0)
    return { status: 'refused', message: listImport.noFile, argument: 'content' };
  const tooLarge = {
    status: 'refused',
    message: fillTemplate(listImport.tooLarge, { max: formatCount(MAX_TRF_CHARACTERS, locale) }),
    argument: 'content',
  } as const;
  if (file.size > MAX_TRF_FILE_BYTES) return tooLarge;
  const content = decodeListFile(new Uint8Array(await file.arrayBuffer()));
  if (content.length > MAX_TRF_CHARACTERS) return tooLarge;
  const format = listFormatOf(text(formData, 'format'));
  if (format === null) return { status: 'refused', message: listImport.noFormat, argument: 'format' };
  const result = await staffMutation(importRatingListMutation, {
    pool: text(formData, 'pool'),
    format,
    content,
    // FIDE's combined files hold three controls; the CSV and single-control files one.
    control: format === ListFormat.Csv ? null : ratingControlOf(text(formData, 'control')),
    effective: effectiveDateOf(text(formData, 'effective')),
  });
  return toState(result, (data) => data.importRatingList);
}

/** Runs the period into a draft list and opens its review. */
export async function runRatingPeriod(locale: Locale, _state: ActionState, formData: FormData): Promise<ActionState> {
  const result = await staffMutation(runRatingPeriodMutation, {
    pool: text(formData, 'pool'),
    period: text(formData, 'period'),
  });
  if (result.status === 'ok') redirect(pageHrefs.staff(locale, 'lists', result.data.runRatingPeriod.listId));
  return toState(result, () => null);
}

export async function publishRatingList(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(publishRatingListMutation, { id }), () => null);
}

/** The edit form's fields; an empty optional field is sent as null (cleared), the surname as it is (required). */
export async function updatePlayer(
  locale: Locale,
  id: string,
  _state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const input = Object.fromEntries(
    PLAYER_TEXT_FIELDS.map((field) => {
      const value = text(formData, field);
      return [field, value === '' && field !== 'surname' ? null : value];
    }),
  );
  const birthYear = text(formData, 'birthYear');
  if (birthYear !== '' && !/^\d{4}$/.test(birthYear)) {
    return {
      status: 'refused',
      message: getDictionary(locale).staff.player.birthYearInvalid,
      argument: 'input.birthYear',
    };
  }
  const sex = text(formData, 'sex');
  return toState(
    await staffMutation(updatePlayerMutation, {
      id,
      input: {
        ...input,
        birthYear: birthYear === '' ? null : Number(birthYear),
        sex: sex === 'M' || sex === 'F' ? sex : null,
      },
    }),
    () => null,
  );
}

/** Merges the player named in the form into this one (kept), then shows the survivor. */
export async function mergePlayers(
  locale: Locale,
  keep: string,
  _state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const result = await staffMutation(mergePlayersMutation, { keep, remove: text(formData, 'remove') });
  if (result.status === 'ok') redirect(`${pageHrefs.staff(locale, 'players', result.data.mergePlayers.id)}?merged=1`);
  return toState(result, () => null);
}

export async function createStaffUser(_state: ActionState, formData: FormData): Promise<ActionState> {
  return toState(
    await staffMutation(createStaffUserMutation, {
      email: text(formData, 'email'),
      displayName: text(formData, 'displayName'),
      // The API refuses a value that names no role.
      role: text(formData, 'role') as StaffRole,
      password: String(formData.get('password') ?? ''),
    }),
    () => null,
  );
}

/** Creates an API key; its secret comes back once, in this answer only, and the form shows it once. */
export async function createApiKey(
  locale: Locale,
  _state: ActionState<{ name: string; secret: string }>,
  formData: FormData,
): Promise<ActionState<{ name: string; secret: string }>> {
  const quota = text(formData, 'quotaPerMinute');
  if (!/^\d{1,6}$/.test(quota))
    return { status: 'refused', message: getDictionary(locale).staff.admin.quotaInvalid, argument: 'quotaPerMinute' };
  return toState(
    await staffMutation(createApiKeyMutation, { name: text(formData, 'name'), quotaPerMinute: Number(quota) }),
    (data) => ({ name: data.createApiKey.apiKey.name, secret: data.createApiKey.secret }),
  );
}

/**
 * Changes an account's role or activity: the form sends `role` (a role change) or `active` (`true`/`false`, from
 * the deactivate or reactivate button); what it leaves out is kept. The API refuses leaving no active ADMIN.
 */
export async function updateStaffUser(id: string, _state: ActionState, formData: FormData): Promise<ActionState> {
  const role = formData.has('role') ? (text(formData, 'role') as StaffRole) : null;
  const active = formData.has('active') ? text(formData, 'active') === 'true' : null;
  return toState(await staffMutation(updateStaffUserMutation, { id, role, active }), () => null);
}

export async function revokeApiKey(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(revokeApiKeyMutation, { id }), () => null);
}

/** A form field as the API takes it: the text typed, or null when left empty. */
const optional = (formData: FormData, name: string): string | null => text(formData, name) || null;

/** A whole number typed in a number field; anything else is sent as null, for the API to name the field. */
const wholeNumber = (formData: FormData, name: string): number | null => {
  const value = text(formData, name);
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
};

/** Creates a tournament entered by hand, then opens its entry page (participants and results). */
export async function createTournament(locale: Locale, _state: ActionState, formData: FormData): Promise<ActionState> {
  const result = await staffMutation(createTournamentMutation, {
    input: {
      pool: text(formData, 'pool'),
      name: text(formData, 'name'),
      city: optional(formData, 'city'),
      federation: optional(formData, 'federation'),
      startDate: optional(formData, 'startDate'),
      endDate: optional(formData, 'endDate'),
      rounds: wholeNumber(formData, 'rounds'),
      type: text(formData, 'type') as TournamentType,
      timeControl: optional(formData, 'timeControl'),
      chiefArbiter: optional(formData, 'chiefArbiter'),
    },
  });
  if (result.status === 'ok') redirect(pageHrefs.staff(locale, 'entry', result.data.createTournament.id));
  return toState(result, () => null);
}

/** Enters a player of the register (found by the search) into the tournament. */
export async function addParticipant(
  tournament: string,
  _state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  return toState(
    await staffMutation(addParticipantsMutation, { tournament, players: [{ player: text(formData, 'player') }] }),
    () => null,
  );
}

/**
 * Registers a player the register lacks, then enters him. Two calls: when the second is refused, the player
 * exists and the search finds him.
 */
export async function createParticipant(
  locale: Locale,
  tournament: string,
  _state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const birthYear = text(formData, 'birthYear');
  if (birthYear !== '' && !/^\d{4}$/.test(birthYear)) {
    return { status: 'refused', message: getDictionary(locale).staff.player.birthYearInvalid, argument: 'birthYear' };
  }
  const sex = text(formData, 'sex');
  const created = await staffMutation(createPlayerMutation, {
    input: {
      surname: text(formData, 'surname'),
      givenName: optional(formData, 'givenName'),
      sex: sex === 'M' || sex === 'F' ? sex : null,
      birthYear: birthYear === '' ? null : Number(birthYear),
      federation: optional(formData, 'federation'),
      club: optional(formData, 'club'),
    },
  });
  if (created.status !== 'ok') return toState(created, () => null);
  return toState(
    await staffMutation(addParticipantsMutation, { tournament, players: [{ player: created.data.createPlayer.id }] }),
    () => null,
  );
}

/** Records one round of the grid; a refusal names the grid's line at fault. */
export async function recordRound(
  tournament: string,
  round: number,
  lineCount: number,
  _state: ActionState,
  formData: FormData,
): Promise<ActionState> {
  const { games, lines } = readRoundGames(formData, round, lineCount);
  const result = await staffMutation(recordGamesMutation, { tournament, games });
  const state = toState(result, () => null);
  if (state.status !== 'refused') return state;
  return {
    ...state,
    message: toGridNumbering(state.message, lines),
    argument: state.argument && toGridNumbering(state.argument, lines),
  };
}

export async function correctGameResult(_state: ActionState, formData: FormData): Promise<ActionState> {
  return toState(
    await staffMutation(correctGameResultMutation, {
      game: text(formData, 'game'),
      // The select offers CORRECTION_RESULTS; anything else the API refuses.
      result: text(formData, 'result') as GameResult,
      reason: text(formData, 'reason'),
    }),
    () => null,
  );
}

/** Publishes a corrected revision of the list; the page then shows what it changed. */
export async function republishRatingList(id: string, _state: ActionState, formData: FormData): Promise<ActionState> {
  return toState(
    await staffMutation(republishRatingListMutation, { id, reason: text(formData, 'reason') }),
    () => null,
  );
}

/** Registers a webhook; the API checks the URL (http or https) and the secret's length, naming the field refused. */
export async function createWebhook(_state: ActionState, formData: FormData): Promise<ActionState> {
  // The secret is taken as typed: spaces are part of it.
  const secret = String(formData.get('secret') ?? '');
  return toState(await staffMutation(createWebhookMutation, { url: text(formData, 'url'), secret }), () => null);
}

export async function deleteWebhook(id: string, _state: ActionState, _formData: FormData): Promise<ActionState> {
  return toState(await staffMutation(deleteWebhookMutation, { id }), () => null);
}
