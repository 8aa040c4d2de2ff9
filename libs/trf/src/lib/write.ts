import { dropWarnings, onlyTrfErrors, TrfError } from './errors';
import { sameExceptSource } from './equal';
import type { FormatOptions } from './records/common';
import { formatHeader, readHeader, trf2026TagsIn } from './records/header';
import { formatNationalRating, readNationalRating } from './records/national-rating';
import { completePlayer, formatPlayerLine, readPlayerLine } from './records/player';
import { formatTeam, formatTeamDetail, readTeam, readTeamDetail } from './records/team';
import {
  formatAbnormalPoints,
  formatAcceleration,
  formatByeRecord,
  formatForfeitedMatch,
  formatOutOfOrderLineup,
  formatProhibitedPairing,
  formatTeamPairingAllocatedByes,
  readAbnormalPoints,
  readAcceleration,
  readByeRecord,
  readForfeitedMatch,
  readOutOfOrderLineup,
  readProhibitedPairing,
  readTeamPairingAllocatedByes,
} from './records/trf2026';
import { INFORMATIVE_TEAM_RECORDS } from './parse';
import type { TrfDocument, TrfLayout, TrfSourceLine, TrfVersion } from './types';

export interface TrfWriteOptions {
  /** Defaults to the document's version. TRF16 refuses documents with TRF-2026-only content. */
  readonly version?: TrfVersion;
  /** Defaults to the document's (the file's) line ending. */
  readonly lineEnding?: TrfLayout['lineEnding'];
  /**
   * Copy the lines of records that were not changed since they were read back verbatim (default true), so an
   * unchanged document is written byte for byte as it was read. Only when writing the version it was read as.
   */
  readonly keepSourceLines?: boolean;
}

/**
 * Where each kind of record goes when it has no line of its own (a new record, or a built document): the
 * tournament section, the engine extensions, players, national ratings, teams, then the TRF-2026 records.
 */
const SECTION = {
  header: 0,
  extensions: 1,
  players: 2,
  nationalRatings: 3,
  teamDetails: 4,
  teams: 5,
  byeRecords: 6,
  accelerations: 7,
  prohibitedPairings: 8,
  outOfOrderLineups: 9,
  teamPairingAllocatedByes: 10,
  forfeitedMatches: 11,
  abnormalPoints: 12,
  informative: 13,
} as const;

interface OutputLine {
  readonly text: string;
  /** The line it was read from: it is written back at the same place among the other lines. */
  readonly line: number | null;
  /** null for comments and other extra lines. */
  readonly section: number | null;
}

/** Writes a document as TRF text. Throws only TrfError (a value that cannot be written, or TRF16 asked for TRF-2026 content). */
export function writeTrf(document: TrfDocument, options: TrfWriteOptions = {}): string {
  return onlyTrfErrors(() => {
    const version = options.version ?? document.version;
    if (version === 'TRF16') refuseTrf2026Content(document);
    const keep = (options.keepSourceLines ?? true) && version === document.version;
    const format: FormatOptions = {
      dates: version === 'TRF-2026' && document.version === 'TRF16' ? 'fide' : 'as-read',
    };
    const output: OutputLine[] = [...headerLines(document, version, keep, format)];

    const records = <T extends { readonly source: TrfSourceLine | null }>(
      section: number,
      items: readonly T[],
      reread: (source: TrfSourceLine) => T,
      formatRecord: (record: T) => string,
    ): void => {
      for (const record of items) {
        const text =
          keep && record.source !== null && unchanged(record, record.source, reread)
            ? record.source.text
            : formatRecord(record);
        output.push({ text, line: record.source?.line ?? null, section });
      }
    };
    const { rounds, tournament } = document;
    for (const record of document.rawRecords) {
      const section = INFORMATIVE_TEAM_RECORDS.includes(record.code) ? SECTION.informative : SECTION.extensions;
      output.push({ text: record.text, line: record.line, section });
    }
    records(
      SECTION.players,
      [...document.players].sort((a, b) => a.startRank - b.startRank),
      (source) => completePlayer(readPlayerLine(source, dropWarnings), rounds, tournament.scoring),
      (player) => formatPlayerLine(player, format),
    );
    records(
      SECTION.nationalRatings,
      document.nationalRatings,
      (source) => readNationalRating(source, dropWarnings),
      (record) => formatNationalRating(record, format),
    );
    records(SECTION.teamDetails, document.teamDetails, readTeamDetail, formatTeamDetail);
    records(SECTION.teams, document.teams, readTeam, formatTeam);
    records(SECTION.byeRecords, document.byeRecords, readByeRecord, formatByeRecord);
    records(SECTION.accelerations, document.accelerations, readAcceleration, formatAcceleration);
    records(SECTION.prohibitedPairings, document.prohibitedPairings, readProhibitedPairing, formatProhibitedPairing);
    records(SECTION.outOfOrderLineups, document.outOfOrderLineups, readOutOfOrderLineup, formatOutOfOrderLineup);
    records(
      SECTION.teamPairingAllocatedByes,
      document.teamPairingAllocatedByes,
      readTeamPairingAllocatedByes,
      formatTeamPairingAllocatedByes,
    );
    records(SECTION.forfeitedMatches, document.forfeitedMatches, readForfeitedMatch, formatForfeitedMatch);
    records(SECTION.abnormalPoints, document.abnormalPoints, readAbnormalPoints, formatAbnormalPoints);
    for (const extra of document.extraLines) output.push({ text: extra.text, line: extra.line, section: null });

    return joinLines(arrange(output), document.layout, options.lineEnding ?? document.layout.lineEnding);
  });
}

/** True while re-reading the record's source line gives the record as it is now. */
function unchanged<T extends object>(record: T, source: TrfSourceLine, reread: (source: TrfSourceLine) => T): boolean {
  try {
    return sameExceptSource(reread(source), record);
  } catch (error) {
    if (error instanceof TrfError) return false;
    throw error;
  }
}

/** The tournament section: its lines verbatim while nothing in it changed, otherwise written anew where it began. */
function headerLines(document: TrfDocument, version: TrfVersion, keep: boolean, format: FormatOptions): OutputLine[] {
  const { tournament } = document;
  const sources = tournament.source;
  if (
    keep &&
    sources.length > 0 &&
    unchanged(tournament, sources[0], () => readHeader(sources, dropWarnings).tournament)
  ) {
    return sources.map((source) => ({ text: source.text, line: source.line, section: SECTION.header }));
  }
  // The tag lines are in file order: the section is written anew where its first line was.
  const line = sources[0]?.line ?? null;
  return formatHeader(tournament, version, format).map((text) => ({ text, line, section: SECTION.header }));
}

/**
 * Lines read from the file keep their order; a line without one goes after the last line of its own section
 * or an earlier one (so a new player follows the last player), extra lines without one at the end.
 */
function arrange(lines: readonly OutputLine[]): OutputLine[] {
  const arranged = lines.filter((line) => line.line !== null).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  for (const line of lines) {
    if (line.line !== null) continue;
    const { section } = line;
    if (section === null) {
      arranged.push(line);
      continue;
    }
    let after = arranged.length - 1;
    while (after >= 0 && !(arranged[after].section !== null && (arranged[after].section ?? 0) <= section)) after -= 1;
    if (after < 0) {
      const firstSectioned = arranged.findIndex((other) => other.section !== null);
      arranged.splice(firstSectioned < 0 ? arranged.length : firstSectioned, 0, line);
    } else {
      arranged.splice(after + 1, 0, line);
    }
  }
  return arranged;
}

function joinLines(lines: readonly OutputLine[], layout: TrfLayout, ending: string): string {
  for (const line of lines) {
    if (/[\r\n]/.test(line.text)) {
      throw new TrfError(
        'INVALID_INPUT',
        line.line,
        null,
        `a value holds a line break: ${JSON.stringify(line.text.slice(0, 60))}`,
      );
    }
  }
  const body = lines.map((line) => line.text).join(ending);
  // A last blank line exists only through the line break that ends it.
  const endsBlank = lines.length > 0 && lines[lines.length - 1].text === '';
  const last = (layout.finalNewline || endsBlank) && lines.length > 0 ? ending : '';
  return `${layout.byteOrderMark ? '\uFEFF' : ''}${body}${last}`;
}

/** TRF16 has none of the TRF-2026 tags (but 142, which it writes as XXR) or records. */
function refuseTrf2026Content(document: TrfDocument): void {
  const tag = trf2026TagsIn(document.tournament)[0];
  if (tag !== undefined) {
    const line = document.tournament.source.find((source) => source.text.startsWith(tag))?.line ?? null;
    throw new TrfError('NOT_IN_VERSION', line, null, `TRF16 has no tag ${tag}; write this document as TRF-2026`);
  }
  const records: [string, readonly { readonly source: TrfSourceLine | null }[]][] = [
    ['national rating record', document.nationalRatings],
    ['record 310', document.teamDetails],
    ['record 240', document.byeRecords],
    ['record 250', document.accelerations],
    ['record 260', document.prohibitedPairings],
    ['record 299', document.abnormalPoints],
    ['record 300', document.outOfOrderLineups],
    ['record 320', document.teamPairingAllocatedByes],
    ['record 330', document.forfeitedMatches],
  ];
  for (const [what, items] of records) {
    if (items.length > 0) {
      throw new TrfError(
        'NOT_IN_VERSION',
        items[0].source?.line ?? null,
        null,
        `TRF16 has no ${what}; write this document as TRF-2026`,
      );
    }
  }
  const informative = document.rawRecords.find((record) => INFORMATIVE_TEAM_RECORDS.includes(record.code));
  if (informative !== undefined) {
    throw new TrfError(
      'NOT_IN_VERSION',
      informative.line,
      null,
      `TRF16 has no record ${informative.code}; write this document as TRF-2026`,
    );
  }
}
