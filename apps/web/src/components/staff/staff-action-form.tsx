'use client';

import { useId, useRef, type ReactNode } from 'react';
import { IDLE, type ActionState, type FormMessages } from './action-state';
import { ActionFeedback, type ReauthAction } from './action-feedback';
import { ActionStateProvider } from './form-fields';
import { useStaffAction } from './use-staff-action';

export interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
}

interface StaffActionFormProps<TData> {
  action: (state: ActionState<TData>, formData: FormData) => Promise<ActionState<TData>>;
  reauthAction: ReauthAction;
  messages: FormMessages;
  submitLabel: string;
  /** Shown once the action succeeded (actions that redirect need none). */
  successMessage?: string;
  /** Asks before sending: what the action does and cannot be undone. */
  confirm?: Confirmation;
  /** The fields (server-rendered); the submit button comes after them. */
  children?: ReactNode;
  className?: string;
}

/**
 * A console form posting to a Server Action: the fields keep their values, the button is disabled and says so
 * while the action runs (a long run or import shows it is busy), a second click does nothing, and the API's
 * answer is shown above the form (and beside the field at fault, for the fields of `form-fields.tsx`). With `confirm`, the button opens a dialog and only its own button sends.
 */
export function StaffActionForm<TData>({
  action,
  reauthAction,
  messages,
  submitLabel,
  successMessage,
  confirm,
  children,
  className,
}: StaffActionFormProps<TData>) {
  const { state, pending, formProps, resubmit } = useStaffAction(action, IDLE as ActionState<TData>);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const button = (label: string, type: 'submit' | 'button', onClick?: () => void) => (
    <button type={type} className="button" disabled={pending} aria-disabled={pending} onClick={onClick}>
      {pending ? messages.pending : label}
    </button>
  );
  return (
    <div className={className}>
      <ActionFeedback
        state={state}
        messages={messages}
        reauthAction={reauthAction}
        onSignedIn={resubmit}
        successMessage={successMessage}
      />
      <form
        {...formProps}
        aria-busy={pending}
        className="staff-form"
        onSubmitCapture={() => dialogRef.current?.close()}
      >
        <ActionStateProvider state={state}>{children}</ActionStateProvider>
        <div className="action-row">
          {confirm
            ? button(submitLabel, 'button', () => dialogRef.current?.showModal())
            : button(submitLabel, 'submit')}
        </div>
        {confirm && (
          <dialog ref={dialogRef} className="confirm-dialog" aria-labelledby={titleId}>
            <h2 id={titleId}>{confirm.title}</h2>
            <p>{confirm.body}</p>
            <div className="action-row">
              {button(confirm.confirmLabel, 'submit')}
              <button type="button" className="button button--secondary" onClick={() => dialogRef.current?.close()}>
                {messages.cancel}
              </button>
            </div>
          </dialog>
        )}
      </form>
    </div>
  );
}
