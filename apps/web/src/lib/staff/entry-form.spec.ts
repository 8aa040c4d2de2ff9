import { gridField, readRoundGames, toGridNumbering } from './entry-form';

function grid(lines: Record<number, [string, string, string]>): FormData {
  const form = new FormData();
  for (const [line, [white, black, result]] of Object.entries(lines)) {
    form.set(gridField(Number(line), 'white'), white);
    form.set(gridField(Number(line), 'black'), black);
    form.set(gridField(Number(line), 'result'), result);
  }
  return form;
}

describe('a round of the results grid', () => {
  it('sends the filled lines, board = line + 1, a bye without black, and remembers their lines', () => {
    const form = grid({ 0: ['11', '12', 'WHITE_WINS'], 1: ['', '', ''], 2: ['13', '', 'BYE_HALF'] });
    expect(readRoundGames(form, 2, 3)).toEqual({
      games: [
        { round: 2, board: 1, white: '11', black: '12', result: 'WHITE_WINS' },
        { round: 2, board: 3, white: '13', black: null, result: 'BYE_HALF' },
      ],
      lines: [0, 2],
    });
  });

  it('sends a half-filled line as it is, for the API to name what it lacks', () => {
    expect(readRoundGames(grid({ 0: ['', '12', ''] }), 1, 1).games).toEqual([
      { round: 1, board: 1, white: '', black: '12', result: '' },
    ]);
  });

  it("renumbers the API's games as the grid's lines, in the argument and in the message", () => {
    expect(toGridNumbering('games[1].black', [0, 2])).toBe('games[2].black');
    expect(toGridNumbering('games[1].black: player 7 already plays in round 1 (games[0])', [3, 5])).toBe(
      'games[5].black: player 7 already plays in round 1 (games[3])',
    );
    expect(toGridNumbering('games: must list at least one game', [])).toBe('games: must list at least one game');
  });
});
