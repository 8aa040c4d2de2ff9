import type { Metadata } from 'next';
import { FilterForm, SelectField, TextField } from '@/components/filter-fields';
import { ApiKeyForm } from '@/components/staff/api-key-form';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate, formatCount, formatDateTime } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import type { SearchParams } from '@/lib/search-params';
import { createApiKey, createStaffUser, revokeApiKey, signIn, updateStaffUser } from '@/lib/staff/actions';
import {
  fetchAuditTrail,
  fetchStaffAccounts,
  fetchWebhooks,
  AUDIT_ENTITY_TYPES,
  parseAuditFilters,
  STAFF_ROLE_NAMES,
} from '@/lib/staff/admin.queries';
import { WebhooksSection } from '@/components/staff/webhooks-section';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.admin.title };
}

/**
 * For administrators: staff accounts (role, deactivation), API keys (the secret shown once, revocation), webhooks
 * with their delivery log, and the audit trail, filtered.
 */
export default async function AdminPage({
  params,
  searchParams,
}: LangParams & { searchParams: Promise<SearchParams> }) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'admin')) return <NotAllowed locale={locale} role={viewer.role} />;
  const { staff, common } = getDictionary(locale);
  const text = staff.admin;
  const filters = parseAuditFilters(await searchParams);
  const [events, accounts, webhooks] = await Promise.all([
    fetchAuditTrail(filters, locale),
    fetchStaffAccounts(locale),
    fetchWebhooks(locale),
  ]);
  const users = accounts.staffUsers.edges.map((edge) => edge.node);
  const keys = accounts.apiKeys.edges.map((edge) => edge.node);
  const path = pageHrefs.staff(locale, 'admin');
  const roleName = (role: string) => (role in staff.roles ? staff.roles[role as keyof typeof staff.roles] : role);
  const more = (template: string, shown: number, count: number) =>
    count > shown && (
      <p className="muted">
        {fillTemplate(template, { shown: formatCount(shown, locale), count: formatCount(count, locale) })}
      </p>
    );
  return (
    <>
      <h1>{text.title}</h1>
      <section aria-labelledby="staff-accounts-heading">
        <h2 id="staff-accounts-heading">{text.accountsHeading}</h2>
        <StaffTable
          caption={text.accountsHeading}
          dataName="staff-accounts"
          rows={users}
          rowKey={(user) => user.id}
          empty={text.noAccounts}
          columns={[
            { header: text.accountColumns.name, rowHeader: true, cell: (user) => user.displayName },
            { header: text.accountColumns.email, cell: (user) => user.email },
            { header: text.accountColumns.role, cell: (user) => roleName(user.role) },
            { header: text.accountColumns.status, cell: (user) => (user.active ? text.active : text.inactive) },
            {
              header: text.accountColumns.lastLogin,
              cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt, locale) : text.never),
            },
            {
              header: text.accountColumns.actions,
              cell: (user) => (
                <div className="account-actions" data-account={user.email}>
                  <StaffActionForm
                    action={updateStaffUser.bind(null, user.id)}
                    reauthAction={signIn}
                    messages={staff.form}
                    submitLabel={text.changeRole}
                    successMessage={text.roleChanged}
                  >
                    <label htmlFor={`role-${user.id}`} className="visually-hidden">
                      {fillTemplate(text.newRoleOf, { name: user.displayName })}
                    </label>
                    <select id={`role-${user.id}`} name="role" className="field-input" defaultValue={user.role}>
                      {STAFF_ROLE_NAMES.map((role) => (
                        <option key={role} value={role}>
                          {staff.roles[role]}
                        </option>
                      ))}
                    </select>
                  </StaffActionForm>
                  <StaffActionForm
                    action={updateStaffUser.bind(null, user.id)}
                    reauthAction={signIn}
                    messages={staff.form}
                    submitLabel={user.active ? text.deactivate : text.reactivate}
                    successMessage={user.active ? text.deactivated : text.reactivated}
                  >
                    <input type="hidden" name="active" value={String(!user.active)} />
                  </StaffActionForm>
                </div>
              ),
            },
          ]}
        />
        {more(text.accountsMore, users.length, accounts.staffUsers.totalCount)}
      </section>
      <section aria-labelledby="staff-account-heading">
        <h2 id="staff-account-heading">{text.staffHeading}</h2>
        <StaffActionForm
          action={createStaffUser}
          reauthAction={signIn}
          messages={staff.form}
          submitLabel={text.createStaff}
          successMessage={text.staffCreated}
        >
          <div className="form-grid">
            <div className="field">
              <label htmlFor="staff-email" className="field-label">
                {staff.form.email}
              </label>
              <input id="staff-email" name="email" type="email" className="field-input" autoComplete="off" required />
            </div>
            <div className="field">
              <label htmlFor="staff-name" className="field-label">
                {text.displayName}
              </label>
              <input id="staff-name" name="displayName" className="field-input" required />
            </div>
            <div className="field">
              <label htmlFor="staff-role" className="field-label">
                {text.role}
              </label>
              <select id="staff-role" name="role" className="field-input">
                {STAFF_ROLE_NAMES.map((role) => (
                  <option key={role} value={role}>
                    {staff.roles[role]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor="staff-password" className="field-label">
                {text.initialPassword}
              </label>
              <input
                id="staff-password"
                name="password"
                type="password"
                className="field-input"
                autoComplete="new-password"
                required
              />
            </div>
          </div>
        </StaffActionForm>
      </section>
      <section aria-labelledby="api-key-heading">
        <h2 id="api-key-heading">{text.apiKeyHeading}</h2>
        <p>{text.apiKeyIntro}</p>
        <ApiKeyForm
          action={createApiKey.bind(null, locale)}
          reauthAction={signIn}
          messages={staff.form}
          text={text.apiKey}
        />
      </section>
      <section aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading">{text.keysHeading}</h2>
        <StaffTable
          caption={text.keysHeading}
          dataName="api-keys"
          rows={keys}
          rowKey={(key) => key.id}
          empty={text.noKeys}
          columns={[
            { header: text.keyColumns.name, rowHeader: true, cell: (key) => key.name },
            { header: text.keyColumns.prefix, cell: (key) => <code>{key.prefix}</code> },
            { header: text.keyColumns.quota, numeric: true, cell: (key) => formatCount(key.quotaPerMinute, locale) },
            {
              header: text.keyColumns.lastUsed,
              cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, locale) : text.never),
            },
            {
              header: text.keyColumns.status,
              cell: (key) =>
                key.revokedAt
                  ? fillTemplate(text.revoked, { date: formatDateTime(key.revokedAt, locale) })
                  : text.inUse,
            },
            {
              header: text.keyColumns.actions,
              cell: (key) =>
                key.revokedAt ? (
                  ''
                ) : (
                  <div data-api-key={key.name}>
                    <StaffActionForm
                      action={revokeApiKey.bind(null, key.id)}
                      reauthAction={signIn}
                      messages={staff.form}
                      submitLabel={text.revoke}
                      successMessage={text.keyRevoked}
                      confirm={{
                        ...text.revokeConfirm,
                        body: fillTemplate(text.revokeConfirm.body, { name: key.name }),
                      }}
                    />
                  </div>
                ),
            },
          ]}
        />
        {more(text.keysMore, keys.length, accounts.apiKeys.totalCount)}
      </section>
      <WebhooksSection webhooks={webhooks} locale={locale} staff={staff} />
      <section aria-labelledby="audit-trail-heading">
        <h2 id="audit-trail-heading">{text.auditHeading}</h2>
        <FilterForm
          action={path}
          legend={text.auditFilters}
          applyLabel={common.filters.apply}
          resetLabel={common.filters.reset}
        >
          <SelectField
            id="audit-type"
            name="type"
            label={text.entityType}
            value={filters.entityType}
            options={[
              { value: '', label: text.allEntityTypes },
              ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: type })),
            ]}
          />
          <TextField id="audit-entity" name="entity" label={text.entityId} value={filters.entityId} />
        </FilterForm>
        <StaffTable
          caption={text.auditHeading}
          dataName="audit-trail"
          rows={events}
          rowKey={(event) => event.id}
          empty={staff.dashboard.noAudit}
          columns={[
            { header: staff.dashboard.columns.at, cell: (event) => formatDateTime(event.at, locale) },
            { header: staff.dashboard.columns.actor, cell: (event) => event.actorLabel ?? '' },
            { header: staff.dashboard.columns.action, rowHeader: true, cell: (event) => <code>{event.action}</code> },
            {
              header: staff.dashboard.columns.entity,
              cell: (event) => `${event.entityType}${event.entityId === null ? '' : ` ${event.entityId}`}`,
            },
          ]}
        />
      </section>
    </>
  );
}
