import { SaxesParser } from 'saxes';
import { ListError } from './errors';
import { textChunks } from './text';
import type { ListRow, ListSource, RatingControl } from './types';
import {
  birthYearValue,
  federationValue,
  fideIdValue,
  flagValue,
  gamesValue,
  kValue,
  ratingValue,
  sexValue,
  splitName,
  titleList,
  type Place,
} from './values';

/**
 * The elements of a control. FIDE's per-control files (`standard_rating_list.xml` …) use rating/games/k; the
 * combined file adds rapid_ and blitz_ ones. A player without the control's prefixed elements reads the plain
 * ones: the file is that control's own list.
 */
const CONTROL_ELEMENTS: Record<RatingControl, string> = { standard: '', rapid: 'rapid_', blitz: 'blitz_' };

/** A player's field as read: its text and where it starts (itself the place its values' errors name). */
interface Field extends Place {
  text: string;
}

/**
 * `<name>` for an element name, made once for the first names met: a list repeats the same dozen names for every
 * player, and a file inventing names of its own cannot grow the map past LABELS_KEPT.
 */
const LABELS_KEPT = 64;
const labels = new Map<string, string>();
function label(name: string): string {
  let text = labels.get(name);
  if (text === undefined) {
    text = `<${name}>`;
    if (labels.size < LABELS_KEPT) labels.set(name, text);
  }
  return text;
}

/** FIDE's XML lists (`<playerslist><player><fideid>…`), read with a streaming SAX parser. */
export async function* readFideXml(
  source: ListSource,
  control: RatingControl,
  latestBirthYear: number,
): AsyncGenerator<ListRow> {
  const parser = new SaxesParser({ position: true });
  const ready: ListRow[] = [];
  let depth = 0;
  let player: Map<string, Field> | null = null;
  let playerLine = 0;
  let field: Field | null = null;
  let failure: Error | null = null;
  let sawRoot = false;

  // saxes counts columns from 0 at a line's start.
  const refuse = (problem: string, code: ListError['code'] = 'WRONG_FORMAT') =>
    new ListError(code, parser.line, Math.max(1, parser.column), null, problem);
  parser.on('error', (error) => {
    failure ??= new ListError(
      'WRONG_FORMAT',
      parser.line,
      parser.column,
      null,
      `not well-formed XML: ${error.message.replace(/^\d+:\d+: /, '')}`,
    );
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) sawRoot = true;
    if (depth === 1 && tag.name !== 'playerslist')
      failure ??= refuse(`not a FIDE XML rating list: the root element is <${tag.name}>, not <playerslist>`);
    else if (depth === 2) {
      if (tag.name !== 'player')
        failure ??= refuse(`<${tag.name}> in <playerslist>: only <player> elements belong there`);
      player = new Map();
      playerLine = parser.line;
    } else if (depth === 3) {
      field = { text: '', line: parser.line, column: parser.column, field: label(tag.name) };
      player!.set(tag.name, field);
    } else if (depth > 3) failure ??= refuse(`<${tag.name}> inside a player's field: fields hold text only`);
  });
  parser.on('text', (text) => {
    if (field) field.text += text;
  });
  parser.on('closetag', () => {
    if (depth === 3) field = null;
    if (depth === 2 && player && !failure) {
      try {
        ready.push(xmlRow(player, playerLine, control, latestBirthYear));
      } catch (error) {
        failure = error as Error;
      }
      player = null;
    }
    depth--;
  });

  let started = false;
  for await (const chunk of textChunks(source)) {
    if (!started && chunk.trim() !== '') {
      if (!chunk.trimStart().startsWith('<')) throw refuse('not an XML file: it does not start with "<"');
      started = true;
    }
    parser.write(chunk);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  if (depth > 0)
    throw refuse(`the file ends inside ${depth > 1 ? 'a <player>' : '<playerslist>'}: it is truncated`, 'TRUNCATED');
  parser.close();
  if (failure) throw failure;
  if (!sawRoot) throw refuse('not a FIDE XML rating list: the file has no <playerslist>');
  yield* ready.splice(0);
}

function xmlRow(fields: Map<string, Field>, line: number, control: RatingControl, latestBirthYear: number): ListRow {
  const get = (name: string) => {
    const found = fields.get(name);
    return found ? { value: found.text.trim(), at: found } : { value: '', at: { line, column: 1, field: label(name) } };
  };
  const prefix = fields.has(`${CONTROL_ELEMENTS[control]}rating`) ? CONTROL_ELEMENTS[control] : '';
  const name = get('name');
  const [id, fed, sex, rating, games, k, birth, flag, provisional, gamesTotal] = [
    'fideid',
    'country',
    'sex',
    `${prefix}rating`,
    `${prefix}games`,
    `${prefix}k`,
    'birthday',
    'flag',
    'provisional',
    'games_total',
  ].map(get);
  const flags = flagValue(flag.value, flag.at);
  return {
    line,
    fideId: fideIdValue(id.value, id.at),
    nationalId: null,
    ...splitName(name.value, name.at),
    federation: federationValue(fed.value, fed.at),
    sex: sexValue(sex.value, sex.at),
    titles: titleList(['title', 'w_title', 'o_title', 'foa_title'].map(get)),
    birthYear: birthYearValue(birth.value, birth.at, latestBirthYear),
    club: null,
    rating: ratingValue(rating.value, rating.at),
    gamesInPeriod: gamesValue(games.value, games.at),
    gamesTotal: gamesTotal.value === '' ? null : gamesValue(gamesTotal.value, gamesTotal.at),
    k: kValue(k.value, k.at),
    provisional:
      provisional.value === 'true' || flags.provisional ? true : provisional.value === 'false' ? false : null,
    listed: null,
    inactive: flags.inactive,
  };
}
