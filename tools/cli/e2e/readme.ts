/**
 * The root README's shell blocks marked for the README's test: a fence opened with ```sh e2e runs with the
 * CLI alone (the embedded database serves one process at a time), one opened with ```sh e2e api once the API
 * is up. They run in the README's order, so every CLI block must come before the first API block.
 */
export interface ReadmeBlock {
  readonly needsApi: boolean;
  readonly script: string;
  /** 1-based line of the fence, for messages. */
  readonly line: number;
}

const FENCE = /^```sh e2e( api)?\n([\s\S]*?)^```$/gm;

export function readmeBlocks(markdown: string): ReadmeBlock[] {
  const blocks = [...markdown.matchAll(FENCE)].map((match) => ({
    needsApi: match[1] !== undefined,
    script: match[2],
    line: markdown.slice(0, match.index).split('\n').length,
  }));
  const firstApi = blocks.findIndex((block) => block.needsApi);
  const lateCli = blocks.find((block, i) => firstApi >= 0 && i > firstApi && !block.needsApi);
  if (lateCli) throw new Error(`README line ${lateCli.line}: a CLI block after an API block cannot run`);
  return blocks;
}
