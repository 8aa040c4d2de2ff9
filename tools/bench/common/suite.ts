/** A benchmark suite run by run-all.ts: it prints its figures (benchmarks are not timed tests). */
export interface BenchSuite {
  readonly name: string;
  readonly description: string;
  run(): Promise<void> | void;
}
