import { MAX_SEARCH_LENGTH } from '@ratings/contract';
import type { Dictionary } from '@/i18n/dictionary';
import type { Locale } from '@/i18n/locales';
import { sectionHref } from '@/i18n/routes';
import { PLAYER_PARAMS } from '@/lib/players.queries';

/** The player search: a plain GET form to the player directory, so it works before (and without) JavaScript. */
export function SearchBox({
  locale,
  text,
  value,
  id = 'player-search',
}: {
  locale: Locale;
  text: Dictionary['search'];
  value?: string | null;
  id?: string;
}) {
  return (
    <form
      role="search"
      action={sectionHref(locale, 'players')}
      method="get"
      className="search-box"
      aria-label={text.label}
    >
      <label htmlFor={id} className="field-label">
        {text.field}
      </label>
      <span id={`${id}-hint`} className="field-hint">
        {text.hint}
      </span>
      <div className="search-box__row">
        <input
          id={id}
          name={PLAYER_PARAMS.search}
          type="search"
          className="field-input search-box__input"
          defaultValue={value ?? ''}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          maxLength={MAX_SEARCH_LENGTH}
        />
        <button type="submit" className="button">
          {text.button}
        </button>
      </div>
    </form>
  );
}
