import { graphql } from '@/__generated__/gql';
import { ListFormat, RatingControl, type StaffImportRatingListMutation } from '@/__generated__/graphql';

/** Importing a rating-list file as a new pool's starting list: the mutation and the choices its form offers. */

export const importRatingListMutation = graphql(`
  mutation StaffImportRatingList(
    $pool: String!
    $format: ListFormat!
    $content: String!
    $control: RatingControl
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

/** The formats and controls the API reads, in the schema's order. */
export const LIST_FILE_FORMATS: readonly ListFormat[] = Object.values(ListFormat);
export const LIST_CONTROLS: readonly RatingControl[] = Object.values(RatingControl);

/** The form's format, or null when it is not one the API reads. */
export function listFormatOf(value: string): ListFormat | null {
  return LIST_FILE_FORMATS.find((format) => format === value) ?? null;
}

/** The form's control, or null (the file's single column) when it is none the API reads. */
export function ratingControlOf(value: string): RatingControl | null {
  return LIST_CONTROLS.find((control) => control === value) ?? null;
}

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
