'use client';

import { fillTemplate } from '@/i18n/format';
import { ActionFeedback, type ReauthAction } from './action-feedback';
import { IDLE, type ActionState, type FormMessages } from './action-state';
import { useStaffAction } from './use-staff-action';

export interface ApiKeyText {
  name: string;
  quota: string;
  submit: string;
  created: string;
  secretLabel: string;
}

type CreatedKey = { name: string; secret: string };

/** Creating an API key: its secret is shown here once, the only time the API gives it (it stores a hash). */
export function ApiKeyForm({
  action,
  reauthAction,
  text,
  messages,
}: {
  action: (state: ActionState<CreatedKey>, formData: FormData) => Promise<ActionState<CreatedKey>>;
  reauthAction: ReauthAction;
  text: ApiKeyText;
  messages: FormMessages;
}) {
  const { state, pending, formProps, resubmit } = useStaffAction(action, IDLE as ActionState<CreatedKey>);
  return (
    <>
      <ActionFeedback state={state} messages={messages} reauthAction={reauthAction} onSignedIn={resubmit} />
      {state.status === 'ok' && (
        <div className="notice" role="status" data-api-key-secret>
          <p>{fillTemplate(text.created, { name: state.data.name })}</p>
          <label htmlFor="api-key-secret" className="field-label">
            {text.secretLabel}
          </label>
          <input id="api-key-secret" className="field-input" readOnly value={state.data.secret} />
        </div>
      )}
      <form {...formProps} aria-busy={pending} className="staff-form">
        <div className="field">
          <label htmlFor="api-key-name" className="field-label">
            {text.name}
          </label>
          <input id="api-key-name" name="name" className="field-input" required maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="api-key-quota" className="field-label">
            {text.quota}
          </label>
          <input
            id="api-key-quota"
            name="quotaPerMinute"
            type="number"
            min={1}
            className="field-input"
            defaultValue={600}
            required
          />
        </div>
        <div className="action-row">
          <button type="submit" className="button" disabled={pending}>
            {pending ? messages.pending : text.submit}
          </button>
        </div>
      </form>
    </>
  );
}
