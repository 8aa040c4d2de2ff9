/**
 * Pairings for the demo tournaments: a simplified Swiss (score groups, no rematches, colour balance)
 * and Berger round-robin tables. Good enough to look real; not a FIDE-approved pairing engine.
 */
export interface Pairing {
  round: number;
  board: number;
  white: number;
  /** null: a bye for `white`. */
  black: number | null;
}

/** Berger tables: every player meets every other once; with an odd count one player rests each round. */
export function roundRobinPairings(playerCount: number): Pairing[] {
  const n = playerCount % 2 === 0 ? playerCount : playerCount + 1;
  const ghost = playerCount % 2 === 0 ? -1 : n - 1;
  const ring = Array.from({ length: n }, (_, i) => i);
  const pairings: Pairing[] = [];
  for (let round = 1; round < n; round++) {
    let board = 1;
    for (let i = 0; i < n / 2; i++) {
      const a = ring[i];
      const b = ring[n - 1 - i];
      const [white, black] = (round + i) % 2 === 0 ? [a, b] : [b, a];
      if (white === ghost) pairings.push({ round, board: 0, white: black, black: null });
      else if (black === ghost) pairings.push({ round, board: 0, white, black: null });
      else pairings.push({ round, board: board++, white, black });
    }
    ring.splice(1, 0, ring.pop()!);
  }
  return pairings;
}

export interface SwissState {
  score: number[];
  /** +1 per white, −1 per black. */
  colourBalance: number[];
  opponents: Set<number>[];
  hadBye: boolean[];
}

export function newSwissState(playerCount: number): SwissState {
  return {
    score: new Array(playerCount).fill(0),
    colourBalance: new Array(playerCount).fill(0),
    opponents: Array.from({ length: playerCount }, () => new Set<number>()),
    hadBye: new Array(playerCount).fill(false),
  };
}

/**
 * One Swiss round: players sorted by score then seed (index = seed order); the lowest-ranked player
 * without a bye gets it when the count is odd; each player takes the nearest one below him he has not
 * met, backtracking when that leaves the rest unpairable.
 */
export function swissRound(state: SwissState, round: number, available: number[]): Pairing[] {
  const order = [...available].sort((a, b) => state.score[b] - state.score[a] || a - b);
  const pairings: Pairing[] = [];
  if (order.length % 2 === 1) {
    let byeIndex = order.length - 1;
    while (byeIndex > 0 && state.hadBye[order[byeIndex]]) byeIndex--;
    const [byePlayer] = order.splice(byeIndex, 1);
    state.hadBye[byePlayer] = true;
    pairings.push({ round, board: 0, white: byePlayer, black: null });
  }
  const matches = matchWithoutRematch(order, state.opponents) ?? greedyMatch(order);
  matches.forEach(([a, partner], i) => {
    const aTakesWhite =
      state.colourBalance[a] < state.colourBalance[partner] ||
      (state.colourBalance[a] === state.colourBalance[partner] && (round + i) % 2 === 0);
    const [white, black] = aTakesWhite ? [a, partner] : [partner, a];
    state.colourBalance[white]++;
    state.colourBalance[black]--;
    state.opponents[a].add(partner);
    state.opponents[partner].add(a);
    pairings.push({ round, board: i + 1, white, black });
  });
  return pairings;
}

/** Search budget for the backtracking pairing; beyond it a rematch is accepted. */
const MAX_PAIRING_STEPS = 20_000;

function matchWithoutRematch(order: number[], opponents: Set<number>[]): [number, number][] | null {
  let steps = 0;
  const search = (rest: number[]): [number, number][] | null => {
    if (rest.length === 0) return [];
    if (++steps > MAX_PAIRING_STEPS) return null;
    const [a, ...others] = rest;
    for (let j = 0; j < others.length; j++) {
      const b = others[j];
      if (opponents[a].has(b)) continue;
      const tail = search([...others.slice(0, j), ...others.slice(j + 1)]);
      if (tail) return [[a, b], ...tail];
    }
    return null;
  };
  return search(order);
}

function greedyMatch(order: number[]): [number, number][] {
  const matches: [number, number][] = [];
  for (let i = 0; i + 1 < order.length; i += 2) matches.push([order[i], order[i + 1]]);
  return matches;
}
