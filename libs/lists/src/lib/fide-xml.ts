import { SaxesParser } from 'saxes';
import { ListError } from './errors';
import { textChunks } from './text';
import type { ListBatch, ListRow, ListSource, RatingControl } from './types';
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
/** FIDE titles, women's titles, other titles, FOA titles. */
const TITLE_ELEMENTS = ['title', 'w_title', 'o_title', 'foa_title'];

/**
 * A player's field as read: its text (trimmed once the element closes) and where it starts, itself the place its
 * values' errors name.
 */
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

/**
 * FIDE's XML lists (`<playerslist><player><fideid>…`), read with a streaming SAX parser, a chunk's players at a
 * time.
 */
export async function* readFideXml(
  source: ListSource,
  control: RatingControl,
  latestBirthYear: number,
): AsyncGenerator<ListBatch> {
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
  const rowOf = xmlRowReader(control, latestBirthYear);
  parser.on('closetag', () => {
    if (depth === 3 && field) {
      field.text = field.text.trim();
      field = null;
    }
    if (depth === 2 && player && !failure) {
      try {
        ready.push(rowOf(player, playerLine));
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
    if (ready.length > 0) yield { month: null, rows: ready.splice(0) };
  }
  if (depth > 0)
    throw refuse(`the file ends inside ${depth > 1 ? 'a <player>' : '<playerslist>'}: it is truncated`, 'TRUNCATED');
  parser.close();
  if (failure) throw failure;
  if (!sawRoot) throw refuse('not a FIDE XML rating list: the file has no <playerslist>');
  if (ready.length > 0) yield { month: null, rows: ready.splice(0) };
}

/** The reader of one file's players, the element names of `control` resolved once. */
function xmlRowReader(
  control: RatingControl,
  latestBirthYear: number,
): (fields: ReadonlyMap<string, Field>, line: number) => ListRow {
  const named = (prefix: string) => ({ rating: `${prefix}rating`, games: `${prefix}games`, k: `${prefix}k` });
  const own = named(CONTROL_ELEMENTS[control]);
  const plain = named('');
  return (fields, line) => {
    const get = (name: string): Field => fields.get(name) ?? { text: '', line, column: 1, field: label(name) };
    const elements = fields.has(own.rating) ? own : plain;
    const name = get('name');
    const id = get('fideid');
    const fed = get('country');
    const sex = get('sex');
    const rating = get(elements.rating);
    const games = get(elements.games);
    const k = get(elements.k);
    const birth = get('birthday');
    const flag = get('flag');
    const provisional = get('provisional').text;
    const gamesTotal = get('games_total');
    const flags = flagValue(flag.text, flag);
    return {
      line,
      fideId: fideIdValue(id.text, id),
      nationalId: null,
      ...splitName(name.text, name),
      federation: federationValue(fed.text, fed),
      sex: sexValue(sex.text, sex),
      titles: titleList(TITLE_ELEMENTS.map(get).map((title) => ({ value: title.text, at: title }))),
      birthYear: birthYearValue(birth.text, birth, latestBirthYear),
      club: null,
      rating: ratingValue(rating.text, rating),
      gamesInPeriod: gamesValue(games.text, games),
      gamesTotal: gamesTotal.text === '' ? null : gamesValue(gamesTotal.text, gamesTotal),
      k: kValue(k.text, k),
      provisional: provisional === 'true' || flags.provisional ? true : provisional === 'false' ? false : null,
      listed: null,
      inactive: flags.inactive,
    };
  };
}
