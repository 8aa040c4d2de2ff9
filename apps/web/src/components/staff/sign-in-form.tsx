'use client';

import { IDLE, type ActionState } from './action-state';
import { useStaffAction } from './use-staff-action';

export interface SignInText {
  email: string;
  password: string;
  submit: string;
  pending: string;
  refused: string;
  unavailable: string;
}

/** The sign-in form: e-mail and password to the API's `login`, then on to the page asked for (`next`). */
export function SignInForm({
  action,
  next,
  text,
}: {
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  next: string;
  text: SignInText;
}) {
  const { state, pending, formProps } = useStaffAction(action, IDLE as ActionState);
  return (
    <form {...formProps} aria-busy={pending} className="staff-form sign-in-form">
      {state.status === 'refused' && (
        <p className="notice notice--error" role="alert">
          {text.refused}
        </p>
      )}
      {state.status === 'unavailable' && (
        <p className="notice notice--error" role="alert">
          {text.unavailable}
        </p>
      )}
      <input type="hidden" name="next" value={next} />
      <div className="field">
        <label htmlFor="sign-in-email" className="field-label">
          {text.email}
        </label>
        <input id="sign-in-email" name="email" type="email" className="field-input" autoComplete="username" required />
      </div>
      <div className="field">
        <label htmlFor="sign-in-password" className="field-label">
          {text.password}
        </label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          className="field-input"
          autoComplete="current-password"
          required
        />
      </div>
      <div className="action-row">
        <button type="submit" className="button" disabled={pending}>
          {pending ? text.pending : text.submit}
        </button>
      </div>
    </form>
  );
}
