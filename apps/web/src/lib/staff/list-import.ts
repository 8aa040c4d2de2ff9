import { graphql } from '@/__generated__/gql';
import type { StaffImportRatingListMutation } from '@/__generated__/graphql';

/** Importing a rating-list file as a new pool's starting list: the mutation and the choices its form offers. */

export const importRatingListMutation = graphql(`
  mutation StaffImportRatingList(
    $pool: String!
    $format: String!
    $content: String!
    $control: String
    $effective: String
  ) {
    importRatingList(pool: $pool, format: $format, content: $content, control: $control, effective: $effective) {
      status
      listId
      period
      effectiveDate
      rows
      matched {
        byFideId
        byNationalId
        byNameBirth
      }
      created
      skipped {
        count
        lines {
          line
          reason
        }
      }
      conflicting {
        count
        lines {
          line
          fideId
          nameInFile
          playerId
          registeredName
        }
      }
    }
  }
`);

export type ListImportReportView = StaffImportRatingListMutation['importRatingList'];

/** The formats and controls the API reads (libs/lists' LIST_FORMATS and RATING_CONTROLS). */
export const LIST_FILE_FORMATS = ['fide-txt', 'fide-xml', 'csv'] as const;
export const LIST_CONTROLS = ['standard', 'rapid', 'blitz'] as const;

/**
 * A list file's text: UTF-8 when its bytes are valid UTF-8 (the platform's CSV, FIDE's XML), else Windows-1252,
 * the Latin-1 superset FIDE's TXT downloads are written in, so that accented names arrive as written.
 */
export function decodeListFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The month field's `YYYY-MM` as the API's effective date (the first of the month); blank: the file's month. */
export function effectiveDateOf(month: string): string | null {
  return /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : null;
}
