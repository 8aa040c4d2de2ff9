import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import type { Dictionary } from '@/i18n/dictionary';
import { fillTemplate, formatCount, formatDateTime } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { createWebhook, deleteWebhook, signIn } from '@/lib/staff/actions';
import type { WebhookRow } from '@/lib/staff/admin.queries';

type Delivery = WebhookRow['deliveries'][number];

/**
 * The administration's webhooks: how deliveries are signed, the form that registers one (its secret never shown
 * again), and for each webhook its latest deliveries with every attempt (when, the receiver's answer, how long).
 */
export function WebhooksSection({
  webhooks,
  locale,
  staff,
}: {
  webhooks: readonly WebhookRow[];
  locale: Locale;
  staff: Dictionary['staff'];
}) {
  const text = staff.admin.webhooks;
  const attempts = (delivery: Delivery) =>
    delivery.attemptLog.length === 0 ? (
      text.noAttempt
    ) : (
      <ol className="attempt-log">
        {delivery.attemptLog.map((attempt, index) => (
          <li key={index}>
            {fillTemplate(text.attempt, {
              at: formatDateTime(attempt.attemptedAt, locale),
              answer: attempt.statusCode === null ? text.noAnswer : `HTTP ${attempt.statusCode}`,
              ms: formatCount(attempt.durationMs, locale),
            })}
            {attempt.error !== null && attempt.statusCode === null && (
              <>
                {' '}
                <code>{attempt.error}</code>
              </>
            )}
          </li>
        ))}
      </ol>
    );
  return (
    <section aria-labelledby="webhooks-heading" data-webhooks>
      <h2 id="webhooks-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      <p>{text.signature}</p>
      <StaffActionForm
        action={createWebhook}
        reauthAction={signIn}
        messages={staff.form}
        submitLabel={text.submit}
        successMessage={text.created}
      >
        <div className="form-grid">
          <div className="field">
            <label htmlFor="webhook-url" className="field-label">
              {text.url}
            </label>
            <input id="webhook-url" name="url" type="url" className="field-input" maxLength={2000} required />
          </div>
          <div className="field">
            <label htmlFor="webhook-secret" className="field-label">
              {text.secret}
            </label>
            <input
              id="webhook-secret"
              name="secret"
              type="password"
              className="field-input"
              autoComplete="off"
              minLength={16}
              maxLength={200}
              required
            />
          </div>
        </div>
      </StaffActionForm>
      {webhooks.length === 0 && <p className="muted">{text.none}</p>}
      {webhooks.map((webhook) => (
        <section key={webhook.id} aria-labelledby={`webhook-${webhook.id}`} data-webhook={webhook.url}>
          <h3 id={`webhook-${webhook.id}`}>
            <code>{webhook.url}</code>
          </h3>
          <p className="muted">{fillTemplate(text.since, { date: formatDateTime(webhook.createdAt, locale) })}</p>
          <StaffTable
            caption={fillTemplate(text.logCaption, { url: webhook.url })}
            dataName="webhook-deliveries"
            rows={webhook.deliveries}
            rowKey={(delivery) => delivery.id}
            empty={text.noDeliveries}
            columns={[
              { header: text.columns.queued, cell: (delivery) => formatDateTime(delivery.createdAt, locale) },
              { header: text.columns.event, rowHeader: true, cell: (delivery) => <code>{delivery.eventType}</code> },
              {
                header: text.columns.status,
                cell: (delivery) =>
                  delivery.status === 'PENDING'
                    ? fillTemplate(text.pendingUntil, { date: formatDateTime(delivery.nextAttemptAt, locale) })
                    : text.statuses[delivery.status],
              },
              { header: text.columns.attempts, cell: attempts },
            ]}
          />
          <StaffActionForm
            action={deleteWebhook.bind(null, webhook.id)}
            reauthAction={signIn}
            messages={staff.form}
            submitLabel={text.delete}
            successMessage={text.deleted}
            confirm={{ ...text.deleteConfirm, body: fillTemplate(text.deleteConfirm.body, { url: webhook.url }) }}
          />
        </section>
      ))}
    </section>
  );
}
