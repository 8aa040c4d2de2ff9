import { GameResult, type GameInput } from '@/__generated__/graphql';

/**
 * The results grid of one round, as a form: line `i` has the fields `games[i].white`, `games[i].black` and
 * `games[i].result`, the names the API gives the games it refuses, so a refusal lands beside its field.
 * Empty lines are left out of what is sent; `toGridNumbering` maps the API's line numbers back to the grid's.
 */

/** The results the grid offers, played results first, then forfeits and byes (the schema's order). */
export const GRID_RESULTS: readonly GameResult[] = Object.values(GameResult);

/** Results a correction may set: a bye has no result to correct (`correctGameResult`). */
export const CORRECTION_RESULTS = GRID_RESULTS.filter((result) => !result.startsWith('BYE_'));

export type GridColumn = 'white' | 'black' | 'result';

export const gridField = (line: number, column: GridColumn) => `games[${line}].${column}`;

export interface RoundGames {
  games: GameInput[];
  /** The grid line of each game sent. */
  lines: number[];
}

/** The filled lines of a round's grid (board = line + 1); a line with nothing chosen is not a pairing. */
export function readRoundGames(formData: FormData, round: number, lineCount: number): RoundGames {
  const value = (line: number, column: GridColumn) => {
    const entry = formData.get(gridField(line, column));
    return typeof entry === 'string' ? entry.trim() : '';
  };
  const games: GameInput[] = [];
  const lines: number[] = [];
  for (let line = 0; line < lineCount; line++) {
    const [white, black, result] = [value(line, 'white'), value(line, 'black'), value(line, 'result')];
    if (white === '' && black === '' && result === '') continue;
    // The select offers GameResult's values; anything else (a line without its result) the API refuses.
    games.push({ round, board: line + 1, white, black: black === '' ? null : black, result: result as GameResult });
    lines.push(line);
  }
  return { games, lines };
}

/**
 * The API's numbering of the games sent (`games[k]`: the k-th game sent) as the grid's lines, in an argument or
 * a message (`games[1].black: … already plays in round 1 (games[0])`).
 */
export function toGridNumbering(text: string, lines: readonly number[]): string {
  return text.replace(/games\[(\d+)\]/g, (whole, index: string) => {
    const line = lines[Number(index)];
    return line === undefined ? whole : `games[${line}]`;
  });
}
