import type { Metadata } from 'next';
import { FilterForm, TextField } from '@/components/filter-fields';
import { ApiKeyForm } from '@/components/staff/api-key-form';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { formatDateTime } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import type { SearchParams } from '@/lib/search-params';
import { createApiKey, createStaffUser, signIn } from '@/lib/staff/actions';
import { fetchAuditTrail, parseAuditFilters, STAFF_ROLE_NAMES } from '@/lib/staff/admin.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.admin.title };
}

/** For administrators: staff accounts, API keys (the secret shown once) and the audit trail, filtered. */
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
  const events = await fetchAuditTrail(filters, locale);
  const path = pageHrefs.staff(locale, 'admin');
  return (
    <>
      <h1>{text.title}</h1>
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
      <section aria-labelledby="audit-trail-heading">
        <h2 id="audit-trail-heading">{text.auditHeading}</h2>
        <FilterForm
          action={path}
          legend={text.auditFilters}
          applyLabel={common.filters.apply}
          resetLabel={common.filters.reset}
        >
          <TextField
            id="audit-type"
            name="type"
            label={text.entityType}
            hint="RatingList, Tournament, Player…"
            value={filters.entityType}
            maxLength={50}
          />
          <TextField
            id="audit-entity"
            name="entity"
            label={text.entityId}
            value={filters.entityId === null ? null : String(filters.entityId)}
          />
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
