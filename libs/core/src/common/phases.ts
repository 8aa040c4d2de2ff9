/**
 * A use case's phases, each reported with its duration as it ends to an optional listener (the CLI's progress,
 * the benchmarks' timings). Returns the function that ends the current phase and starts the next.
 */
export function phaseTimer<Phase extends string>(
  onPhase?: (phase: Phase, milliseconds: number) => void,
): (phase: Phase) => void {
  let started = performance.now();
  return (phase) => {
    const now = performance.now();
    onPhase?.(phase, now - started);
    started = now;
  };
}
