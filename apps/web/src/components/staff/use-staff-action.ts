'use client';

import { startTransition, useActionState, useEffect, useRef, type FormEvent } from 'react';
import type { ActionState } from './action-state';

/**
 * Runs a console form's Server Action without React's automatic form reset (the fields keep what was typed,
 * so nothing is lost when the session expired or the API refused), and never twice at once: a second
 * submission while the first is pending (a double click) is dropped, and the form is `aria-busy` meanwhile.
 * Without JavaScript the form still posts to the same action.
 */
export function useStaffAction<TData>(
  action: (state: ActionState<TData>, formData: FormData) => Promise<ActionState<TData>>,
  initial: ActionState<TData>,
) {
  const [state, dispatch, pending] = useActionState(action, initial);
  const formRef = useRef<HTMLFormElement>(null);
  // Set at the first submission, synchronously (two clicks arrive before React renders `pending`), cleared
  // when the action's answer arrives.
  const inFlight = useRef(false);
  useEffect(() => {
    inFlight.current = false;
  }, [state]);

  function submit(formData: FormData) {
    if (inFlight.current || pending) return;
    inFlight.current = true;
    startTransition(() => dispatch(formData));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    submit(new FormData(event.currentTarget, submitter));
  }

  /** Sends the form again as it stands (after signing in again). */
  function resubmit() {
    if (formRef.current) submit(new FormData(formRef.current));
  }

  return { state, pending, formRef, formProps: { ref: formRef, action: dispatch, onSubmit }, resubmit };
}
