import { MAX_REASON_LENGTH } from '@ratings/contract';
import Link from 'next/link';
import { RatingListStatus } from '@/__generated__/graphql';
import { getDictionary } from '@/i18n/dictionary';
import { fillTemplate, formatPeriod } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { pageHrefs } from '@/i18n/routes';
import { playerName } from '@/lib/player-name';
import { correctGameResult, republishRatingList, signIn } from '@/lib/staff/actions';
import { correctingRevision, fetchListCorrection } from '@/lib/staff/corrections.queries';
import { CORRECTION_RESULTS } from '@/lib/staff/entry-form';
import type { RecordedGame } from '@/lib/staff/entry.queries';
import { FormSelect, FormTextarea } from './form-fields';
import { StaffActionForm } from './staff-action-form';
import { StaffTable } from './staff-table';

interface Props {
  /** The published list (revision) the section corrects. */
  listId: string;
  locale: Locale;
  /** A rated tournament's games, whose results may be corrected here (none on a list's page). */
  games?: readonly (RecordedGame & { round: number })[];
}

/**
 * Corrections after publication, for rating officers and administrators (the API refuses anyone else): a game's
 * result corrected with a reason, the list published again as a new revision, and what that revision changed.
 */
export async function ListCorrections({ listId, locale, games }: Props) {
  const list = await fetchListCorrection(listId, locale);
  if (!list || list.status !== RatingListStatus.Published) return null;
  const { staff, common } = getDictionary(locale);
  const text = staff.corrections;
  const entry = staff.entry;
  const month = formatPeriod(list.period, locale);
  const superseded = correctingRevision(list);
  const corrigible = (games ?? []).filter((game) => game.black !== null);
  return (
    <section aria-labelledby="corrections-heading" data-corrections>
      <h2 id="corrections-heading">{text.heading}</h2>
      <p>{text.intro}</p>
      {corrigible.length > 0 && (
        <div data-correct-result>
          <h3>{text.correctHeading}</h3>
          <StaffActionForm
            action={correctGameResult}
            reauthAction={signIn}
            messages={staff.form}
            submitLabel={text.correct}
            successMessage={text.corrected}
          >
            <FormSelect
              id="correction-game"
              name="game"
              label={text.game}
              refusedLabel={entry.fieldError}
              required
              options={corrigible.map((game) => ({
                value: game.id,
                label: fillTemplate(text.gameOption, {
                  round: game.round,
                  board: game.board ?? common.notAvailable,
                  white: game.white,
                  black: game.black ?? '',
                  result: entry.results[game.result as keyof typeof entry.results] ?? game.result,
                }),
              }))}
            />
            <FormSelect
              id="correction-result"
              name="result"
              label={text.newResult}
              refusedLabel={entry.fieldError}
              required
              options={CORRECTION_RESULTS.map((result) => ({ value: result, label: entry.results[result] }))}
            />
            <FormTextarea
              id="correction-reason"
              name="reason"
              label={text.reason}
              refusedLabel={entry.fieldError}
              maxLength={MAX_REASON_LENGTH}
              required
            />
          </StaffActionForm>
        </div>
      )}
      {superseded ? (
        <p>
          {fillTemplate(text.supersededBy, { revision: superseded.revision })}{' '}
          <Link href={pageHrefs.staff(locale, 'lists', superseded.id)}>{text.seeRevision}</Link>
        </p>
      ) : (
        <div data-republish>
          <h3>{text.republishHeading}</h3>
          <p>{fillTemplate(text.republishIntro, { month })}</p>
          <StaffActionForm
            key={list.id}
            action={republishRatingList.bind(null, list.id)}
            reauthAction={signIn}
            messages={staff.form}
            submitLabel={text.republish}
            successMessage={text.republished}
            confirm={{
              title: text.republishConfirmTitle,
              body: fillTemplate(text.republishConfirmBody, { month }),
              confirmLabel: text.republishConfirm,
            }}
          >
            <FormTextarea
              id={`republish-reason-${list.id}`}
              name="reason"
              label={text.republishReason}
              refusedLabel={entry.fieldError}
              maxLength={MAX_REASON_LENGTH}
              required
            />
          </StaffActionForm>
        </div>
      )}
      {list.revision > 0 && (
        <div data-list-diff={list.revision}>
          <h3>{fillTemplate(text.diffHeading, { revision: list.revision })}</h3>
          {list.reason && <p>{fillTemplate(text.diffReason, { reason: list.reason })}</p>}
          <StaffTable
            caption={fillTemplate(text.diffHeading, { revision: list.revision })}
            dataName="list-diff"
            rows={list.diff}
            rowKey={(row) => row.player.id}
            empty={text.noDiff}
            columns={[
              { header: text.diffColumns.player, rowHeader: true, cell: (row) => playerName(row.player) },
              {
                header: text.diffColumns.oldRating,
                numeric: true,
                cell: (row) => row.oldRating ?? common.notAvailable,
              },
              {
                header: text.diffColumns.newRating,
                numeric: true,
                cell: (row) => row.newRating ?? common.notAvailable,
              },
              { header: text.diffColumns.oldRank, numeric: true, cell: (row) => row.oldRank ?? common.notAvailable },
              { header: text.diffColumns.newRank, numeric: true, cell: (row) => row.newRank ?? common.notAvailable },
            ]}
          />
          <p>
            <Link href={pageHrefs.list(locale, list.pool.code, list.id)}>{text.publicList}</Link>
          </p>
        </div>
      )}
    </section>
  );
}
