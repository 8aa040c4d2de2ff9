/**
 * The yardsticks of the rules benchmark: the plainest typed-array loops that compute the same maths,
 * with no validation, no breakdown and no objects. The engines are judged as a ratio of these.
 */

/** Elo after every game, K fixed: `1/(1+10**(d/400))`, ratings in one Float64Array. */
export function eloBaseline(
  startRatings: Float64Array,
  white: Int32Array,
  black: Int32Array,
  score: Float64Array,
  k: number,
): Float64Array {
  const rating = startRatings.slice();
  for (let g = 0; g < white.length; g++) {
    const w = white[g];
    const b = black[g];
    const rw = rating[w];
    const rb = rating[b];
    const change = k * (score[g] - 1 / (1 + 10 ** ((rb - rw) / 400)));
    rating[w] = rw + change;
    rating[b] = rb - change;
  }
  return rating;
}

const GLICKO2_SCALE = 173.7178;
const GLICKO2_CONVERGENCE = 0.000001;

/** One Glicko-2 rating period (Glickman's steps 2–8) over typed arrays, every player rated. */
export function glicko2Baseline(
  rating: Float64Array,
  rd: Float64Array,
  volatility: Float64Array,
  white: Int32Array,
  black: Int32Array,
  score: Float64Array,
  tau: number,
): Float64Array {
  const n = rating.length;
  const mu = new Float64Array(n);
  const phi = new Float64Array(n);
  const g = new Float64Array(n);
  const vInverse = new Float64Array(n);
  const deltaSum = new Float64Array(n);
  const next = new Float64Array(n);
  for (let p = 0; p < n; p++) {
    mu[p] = (rating[p] - 1500) / GLICKO2_SCALE;
    phi[p] = rd[p] / GLICKO2_SCALE;
    g[p] = 1 / Math.sqrt(1 + (3 * phi[p] * phi[p]) / (Math.PI * Math.PI));
  }
  for (let i = 0; i < white.length; i++) {
    const w = white[i];
    const b = black[i];
    const s = score[i];
    const ew = 1 / (1 + Math.exp(-g[b] * (mu[w] - mu[b])));
    const eb = 1 / (1 + Math.exp(-g[w] * (mu[b] - mu[w])));
    vInverse[w] += g[b] * g[b] * ew * (1 - ew);
    deltaSum[w] += g[b] * (s - ew);
    vInverse[b] += g[w] * g[w] * eb * (1 - eb);
    deltaSum[b] += g[w] * (1 - s - eb);
  }
  const tau2 = tau * tau;
  for (let p = 0; p < n; p++) {
    const phi2 = phi[p] * phi[p];
    const sigma = volatility[p];
    if (vInverse[p] === 0) {
      next[p] = rating[p];
      continue;
    }
    const v = 1 / vInverse[p];
    const delta = v * deltaSum[p];
    const a = Math.log(sigma * sigma);
    const f = (x: number) => {
      const ex = Math.exp(x);
      const d = phi2 + v + ex;
      return (ex * (delta * delta - phi2 - v - ex)) / (2 * d * d) - (x - a) / tau2;
    };
    let A = a;
    let B: number;
    if (delta * delta > phi2 + v) B = Math.log(delta * delta - phi2 - v);
    else {
      let k = 1;
      while (f(a - k * tau) < 0) k++;
      B = a - k * tau;
    }
    let fA = f(A);
    let fB = f(B);
    while (Math.abs(B - A) > GLICKO2_CONVERGENCE) {
      const C = A + ((A - B) * fA) / (fB - fA);
      const fC = f(C);
      if (fC * fB <= 0) {
        A = B;
        fA = fB;
      } else fA /= 2;
      B = C;
      fB = fC;
    }
    const sigmaNew = Math.exp(A / 2);
    const phiStar2 = phi2 + sigmaNew * sigmaNew;
    const phiNew2 = 1 / (1 / phiStar2 + vInverse[p]);
    next[p] = 1500 + GLICKO2_SCALE * (mu[p] + phiNew2 * deltaSum[p]);
  }
  return next;
}
