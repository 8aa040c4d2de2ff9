'use client';

import { useActionState, useEffect, useId, useRef } from 'react';
import { IDLE, type ActionState, type FormMessages } from './action-state';
import { fillTemplate } from '@/i18n/format';

/** The sign-in action, answering in place (no redirect) when the session expired while a form was being filled in. */
export type ReauthAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface ActionFeedbackProps<TData> {
  state: ActionState<TData>;
  messages: FormMessages;
  reauthAction: ReauthAction;
  /** Called once signed in again: the form is sent again as it stands. */
  onSignedIn: () => void;
  successMessage?: string;
}

/**
 * The answer of a console form's action: the API's refusal (with the field at fault), an outage, or an expired
 * session. The last one offers to sign in again right here; the form keeps what was typed and is sent again once
 * signed in, so nothing is lost. It is rendered beside the form, not in it: the sign-in is a form of its own.
 */
export function ActionFeedback<TData>({
  state,
  messages,
  reauthAction,
  onSignedIn,
  successMessage,
}: ActionFeedbackProps<TData>) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'ok':
      return successMessage ? (
        <p className="notice" role="status">
          {successMessage}
        </p>
      ) : null;
    case 'refused':
      return (
        <div className="notice notice--error" role="alert">
          <p>{messages.refused}</p>
          <p lang="en">{state.message}</p>
          {state.argument && <p>{fillTemplate(messages.argument, { argument: state.argument })}</p>}
        </div>
      );
    case 'unavailable':
      return (
        <p className="notice notice--error" role="alert">
          {messages.unavailable}
        </p>
      );
    case 'session-expired':
      return <ReauthPanel messages={messages} reauthAction={reauthAction} onSignedIn={onSignedIn} />;
  }
}

/** Signing in again without leaving the page; the console form keeps its values and is sent again once signed in. */
function ReauthPanel({
  messages,
  reauthAction,
  onSignedIn,
}: Pick<ActionFeedbackProps<unknown>, 'messages' | 'reauthAction' | 'onSignedIn'>) {
  const [state, signIn, pending] = useActionState(reauthAction, IDLE as ActionState);
  const id = useId();
  // One resubmission per successful sign-in, however often the parent re-renders.
  const handled = useRef<ActionState | null>(null);
  useEffect(() => {
    if (state.status === 'ok' && handled.current !== state) {
      handled.current = state;
      onSignedIn();
    }
  }, [state, onSignedIn]);
  return (
    <div className="notice notice--warning reauth" role="alert">
      <p>{messages.sessionExpired}</p>
      <form action={signIn} className="reauth__form">
        <fieldset>
          <legend>{messages.signInAgain}</legend>
          <div className="field">
            <label htmlFor={`${id}-email`} className="field-label">
              {messages.email}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              className="field-input"
              autoComplete="username"
              required
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`} className="field-label">
              {messages.password}
            </label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              className="field-input"
              autoComplete="current-password"
              required
            />
          </div>
          <button type="submit" className="button" disabled={pending}>
            {pending ? messages.pending : messages.submitAgain}
          </button>
        </fieldset>
      </form>
      {state.status === 'refused' && <p lang="en">{state.message}</p>}
    </div>
  );
}
