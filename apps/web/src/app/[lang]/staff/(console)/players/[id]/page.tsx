import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { StaffActionForm } from '@/components/staff/staff-action-form';
import { StaffTable } from '@/components/staff/staff-table';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { localeFromParams } from '@/i18n/params';
import { pageHrefs } from '@/i18n/routes';
import { isApiId } from '@/lib/cache-tags';
import { playerName } from '@/lib/player-name';
import { firstParam, type SearchParams } from '@/lib/search-params';
import { mergePlayers, signIn, updatePlayer } from '@/lib/staff/actions';
import { fetchStaffPlayer, PLAYER_TEXT_FIELDS } from '@/lib/staff/players.queries';
import { fetchStaffViewer } from '@/lib/staff/auth.queries';
import { mayOpenConsolePage } from '@/lib/staff/console-pages';
import { NotAllowed } from '@/components/staff/not-allowed';

/** The address parameter naming the duplicate the merge form proposes. */
const REMOVE_PARAM = 'remove';

interface Props {
  params: Promise<{ lang: string; id: string }>;
  searchParams: Promise<SearchParams>;
}

const loadPlayer = cache(async (id: string, locale: Locale) => {
  if (!isApiId(id)) notFound();
  const player = await fetchStaffPlayer(id, locale);
  if (!player) notFound();
  return player;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const { role } = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(role, 'players')) return { title: getDictionary(locale).staff.notAllowed.heading };
  return { title: playerName(await loadPlayer((await params).id, locale)) };
}

/** A player's record: his likely duplicates (each a link to merge it), the rows merged into him, edited in place, and the merge of a duplicate into him. */
export default async function StaffPlayerPage({ params, searchParams }: Props) {
  const locale = await localeFromParams(params);
  const viewer = await fetchStaffViewer(locale);
  if (!mayOpenConsolePage(viewer.role, 'players')) return <NotAllowed locale={locale} role={viewer.role} />;
  const player = await loadPlayer((await params).id, locale);
  const { staff } = getDictionary(locale);
  const text = staff.player;
  const query = await searchParams;
  const merged = firstParam(query, 'merged') === '1';
  // A likely duplicate's "merge" link names it in the address; the merge form starts with its id.
  const proposedRemove = firstParam(query, REMOVE_PARAM);
  const mergeHref = (remove: string) =>
    `${pageHrefs.staff(locale, 'players', player.id)}?${REMOVE_PARAM}=${remove}#merge-heading`;
  return (
    <>
      <h1>{playerName(player)}</h1>
      <p>
        <Link href={pageHrefs.player(locale, player.id)}>{text.publicProfile}</Link>
      </p>
      {merged && (
        <p className="notice" role="status">
          {text.mergedNotice}
        </p>
      )}
      <section aria-labelledby="duplicates-heading">
        <h2 id="duplicates-heading">{text.duplicatesHeading}</h2>
        <StaffTable
          caption={text.duplicatesHeading}
          dataName="likely-duplicates"
          rows={player.likelyDuplicates}
          rowKey={(duplicate) => duplicate.id}
          empty={text.noDuplicates}
          columns={[
            {
              header: text.nameColumn,
              rowHeader: true,
              cell: (duplicate) => (
                <Link href={pageHrefs.staff(locale, 'players', duplicate.id)}>{playerName(duplicate)}</Link>
              ),
            },
            { header: text.idColumn, numeric: true, cell: (duplicate) => duplicate.id },
            { header: text.fields.birthYear, numeric: true, cell: (duplicate) => duplicate.birthYear ?? '' },
            { header: text.fields.federation, cell: (duplicate) => duplicate.federation ?? '' },
            { header: text.fields.club, cell: (duplicate) => duplicate.club ?? '' },
            {
              header: text.mergeHeading,
              cell: (duplicate) => (
                <Link href={mergeHref(duplicate.id)}>
                  {fillTemplate(text.mergeThis, { name: playerName(duplicate) })}
                </Link>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="aliases-heading">
        <h2 id="aliases-heading">{text.aliasesHeading}</h2>
        {player.aliases.length === 0 ? (
          <p className="muted">{text.noAliases}</p>
        ) : (
          <ul data-aliases>
            {player.aliases.map((alias) => (
              <li key={alias.id}>{fillTemplate(text.alias, { id: alias.id, name: playerName(alias) })}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="edit-heading">
        <h2 id="edit-heading">{text.editHeading}</h2>
        <StaffActionForm
          action={updatePlayer.bind(null, locale, player.id)}
          reauthAction={signIn}
          messages={staff.form}
          submitLabel={text.save}
          successMessage={text.saved}
        >
          <div className="form-grid">
            {PLAYER_TEXT_FIELDS.map((field) => (
              <div key={field} className="field">
                <label htmlFor={`player-${field}`} className="field-label">
                  {text.fields[field]}
                </label>
                <input
                  id={`player-${field}`}
                  name={field}
                  className="field-input"
                  defaultValue={player[field] ?? ''}
                  required={field === 'surname'}
                />
              </div>
            ))}
            <div className="field">
              <label htmlFor="player-birthYear" className="field-label">
                {text.fields.birthYear}
              </label>
              <input
                id="player-birthYear"
                name="birthYear"
                type="number"
                min={1900}
                max={2100}
                className="field-input"
                defaultValue={player.birthYear ?? ''}
              />
            </div>
            <div className="field">
              <label htmlFor="player-sex" className="field-label">
                {text.fields.sex}
              </label>
              <select id="player-sex" name="sex" className="field-input" defaultValue={player.sex ?? ''}>
                <option value="">{text.sexUnknown}</option>
                <option value="F">{text.sexF}</option>
                <option value="M">{text.sexM}</option>
              </select>
            </div>
          </div>
        </StaffActionForm>
      </section>
      <section aria-labelledby="merge-heading">
        <h2 id="merge-heading">{text.mergeHeading}</h2>
        <p>{fillTemplate(text.mergeIntro, { name: playerName(player) })}</p>
        <StaffActionForm
          action={mergePlayers.bind(null, locale, player.id)}
          reauthAction={signIn}
          messages={staff.form}
          submitLabel={text.merge}
          confirm={{
            title: text.mergeConfirmTitle,
            body: fillTemplate(text.mergeConfirmBody, { name: playerName(player) }),
            confirmLabel: text.merge,
          }}
        >
          <div className="field">
            <label htmlFor="merge-remove" className="field-label">
              {text.removeId}
            </label>
            <input
              id="merge-remove"
              name="remove"
              inputMode="numeric"
              pattern="[1-9][0-9]*"
              className="field-input"
              defaultValue={proposedRemove && isApiId(proposedRemove) ? proposedRemove : undefined}
              required
            />
          </div>
        </StaffActionForm>
      </section>
    </>
  );
}
