/**
 * What a console form's Server Action answers (serialisable: it travels to the browser). `values` echoes
 * what was submitted, so a form shown again after a refusal or an expired session is still filled in.
 */
export type ActionState<TData = null> =
  | { status: 'idle' }
  | { status: 'ok'; data: TData }
  | { status: 'session-expired' }
  | { status: 'refused'; message: string; argument: string | null }
  | { status: 'unavailable' };

export const IDLE: ActionState<never> = { status: 'idle' };

/** The strings the shared form components show, one slice of the dictionary (`staff.form`). */
export interface FormMessages {
  pending: string;
  refused: string;
  argument: string;
  unavailable: string;
  sessionExpired: string;
  signInAgain: string;
  email: string;
  password: string;
  submitAgain: string;
  cancel: string;
}
