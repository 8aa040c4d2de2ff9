import fc from 'fast-check';
import { contentOf, FIXTURES, readFixture, SMALL_TOURNAMENT_TEXT } from '../testing';
import { TrfError } from './errors';
import { extractGames } from './games';
import { parseTrf } from './parse';
import type { TrfDocument } from './types';
import { writeTrf } from './write';

// Whatever the input, the library either answers or throws a TrfError it meant to throw — never a
// TypeError or RangeError (which it would report as INTERNAL_ERROR).

const TEXTS = [...FIXTURES.map(readFixture), SMALL_TOURNAMENT_TEXT];

/** Runs `work`; a throw must be a deliberate TrfError. */
function answersOrRefuses<T>(work: () => T): T | null {
  try {
    return work();
  } catch (error) {
    expect(error).toBeInstanceOf(TrfError);
    expect((error as TrfError).code).not.toBe('INTERNAL_ERROR');
    return null;
  }
}

/** What every document the reader returns must satisfy. */
function checkDocument(document: TrfDocument): void {
  expect(parseTrf(writeTrf(document))).toEqual(document);
  answersOrRefuses(() => extractGames(document));
  const rewritten = answersOrRefuses(() => writeTrf(document, { keepSourceLines: false }));
  if (rewritten !== null) expect(contentOf(parseTrf(rewritten))).toEqual(contentOf(document));
}

/** Pieces of TRF lines, so random text often looks like a record and reaches the record readers. */
const TRF_PIECES = [
  '001',
  '012',
  '013',
  '042',
  '062',
  '092',
  '112',
  '132',
  '142',
  '152',
  '162',
  '172',
  '202',
  '240',
  '250',
  '260',
  '299',
  '300',
  '310',
  '320',
  '330',
  '801',
  '802',
  'XXR',
  'XXC',
  'BBW',
  'FRA',
  '###',
  ' ',
  '  ',
  '    ',
  '   1',
  '  12',
  '0000',
  ' w ',
  ' b ',
  ' - ',
  '1',
  '0',
  '=',
  '+',
  '-',
  'H',
  'U',
  'Z',
  'W',
  'TW',
  '½',
  '.',
  '/',
  '0.25',
  '99999.5',
  '123456789012345',
  '2024/01/01',
  '\n',
  '\r\n',
  '\r',
  '\t',
  'x',
];

const tolerantText = fc.array(fc.constantFrom(...TRF_PIECES), { maxLength: 120 }).map((pieces) => pieces.join(''));

const mutations = fc.array(
  fc.tuple(fc.nat(), fc.constantFrom(' ', '0', '7', '9', 'x', 'w', 'b', '-', '+', '=', 'H', '\n', '\r', '\t', '½', '')),
  { minLength: 1, maxLength: 6 },
);

function mutate(text: string, edits: readonly [number, string][]): string {
  let result = text;
  for (const [at, replacement] of edits) {
    const index = at % Math.max(1, result.length);
    result = result.slice(0, index) + replacement + result.slice(index + 1);
  }
  return result;
}

describe('parseTrf never crashes', () => {
  it('on random text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const document = answersOrRefuses(() => parseTrf(text));
        if (document !== null) checkDocument(document);
      }),
      { numRuns: 300 },
    );
  });

  it('on random text made of TRF pieces', () => {
    fc.assert(
      fc.property(tolerantText, (text) => {
        const document = answersOrRefuses(() => parseTrf(text));
        if (document !== null) checkDocument(document);
      }),
      { numRuns: 400 },
    );
  });

  it('on truncated real files', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEXTS), fc.nat(), (text, cut) => {
        const document = answersOrRefuses(() => parseTrf(text.slice(0, cut % (text.length + 1))));
        if (document !== null) checkDocument(document);
      }),
      { numRuns: 40 },
    );
  });

  it('on real files with random edits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TEXTS), mutations, (text, edits) => {
        const document = answersOrRefuses(() => parseTrf(mutate(text, edits)));
        if (document !== null) checkDocument(document);
      }),
      { numRuns: 80 },
    );
  });

  it('on the hand-made file with many random edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(' ', '1', '3', 'x', 'w', 'b', '-', '+', '=', 'H', 'U', '\n')), {
          minLength: 1,
          maxLength: 12,
        }),
        (edits) => {
          const document = answersOrRefuses(() => parseTrf(mutate(SMALL_TOURNAMENT_TEXT, edits)));
          if (document !== null) checkDocument(document);
        },
      ),
      { numRuns: 500 },
    );
  });
});
