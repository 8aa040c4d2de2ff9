import type { Metadata } from 'next';
import { FormInput, FormSelect } from '@/components/staff/form-fields';
import { NotAllowed } from '@/components/staff/not-allowed';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { getDictionary } from '@/i18n/dictionary';
import { capitalize } from '@/i18n/format';
import { localeFromParams, type LangParams } from '@/i18n/params';
import { fetchPools, poolName } from '@/lib/pools.queries';
import { createTournament, signIn } from '@/lib/staff/actions';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayEnterTournaments } from '@/lib/staff/console-pages';

export async function generateMetadata({ params }: LangParams): Promise<Metadata> {
  return { title: getDictionary(await localeFromParams(params)).staff.newTournament.title };
}

/** A tournament without a TRF file: its details; creating it opens its entry page (participants, results). */
export default async function NewTournamentPage({ params }: LangParams) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayEnterTournaments(viewer.role)) return <NotAllowed locale={locale} role={viewer.role} />;
  const { staff, common } = getDictionary(locale);
  const text = staff.newTournament;
  const pools = await fetchPools();
  const field = (name: keyof typeof text.fields) => ({
    id: `new-tournament-${name}`,
    name,
    label: text.fields[name],
    refusedLabel: staff.entry.fieldError,
  });
  return (
    <>
      <h1>{text.title}</h1>
      <p className="lead">{text.intro}</p>
      <StaffActionForm
        action={createTournament.bind(null, locale)}
        reauthAction={signIn}
        messages={staff.form}
        submitLabel={text.create}
      >
        <FormSelect
          {...field('pool')}
          required
          options={pools.map((pool) => ({ value: pool.code, label: capitalize(poolName(pool, locale), locale) }))}
        />
        <FormInput {...field('name')} required maxLength={200} />
        <FormInput {...field('city')} maxLength={100} />
        <FormInput {...field('federation')} maxLength={3} />
        <FormInput {...field('startDate')} type="date" required />
        <FormInput {...field('endDate')} type="date" required />
        <FormInput {...field('rounds')} type="number" min={1} max={999} required />
        <FormSelect
          {...field('type')}
          required
          options={Object.entries(common.tournamentTypes).map(([value, label]) => ({ value, label }))}
        />
        <FormInput {...field('timeControl')} maxLength={100} />
        <FormInput {...field('chiefArbiter')} maxLength={200} />
      </StaffActionForm>
    </>
  );
}
