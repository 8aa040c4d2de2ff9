import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIST_EXPORT_FORMATS, exportRatingList } from '@ratings/core';
import { CliError, choiceOption, defineCommand } from '../command';
import { withDatabase } from '../database';
import { count, write } from '../io';
import { findList, LIST_ARGUMENT_HELP } from '../lists';
import { createProgress } from '../progress';

export const exportCommand = defineCommand({
  name: 'export',
  summary: 'export a rating list as CSV, JSON, FIDE-style TXT or XML',
  description: [
    'Writes a published rating list, ranked, to stdout or to a file: csv (one row per player, with a header),',
    "json, txt (the column layout of FIDE's rating list files) or xml (FIDE's element names). Rows are read from",
    'the database in batches as they are written, so any list size streams in constant memory. With --draft, a',
    'DRAFT list can be exported too, to review it before publishing.',
  ],
  positionals: [{ name: 'list', description: LIST_ARGUMENT_HELP }],
  options: {
    format: { type: 'string', value: `<${LIST_EXPORT_FORMATS.join('|')}>`, description: 'file format', required: true },
    out: { type: 'string', value: '<file>', description: 'write to this file instead of stdout' },
    draft: { type: 'boolean', description: 'allow a DRAFT list (pool:period then names the draft)' },
  },
  examples: [
    'ratings export 42 --format csv > standard.csv',
    'ratings export standard:2026-11 --format txt --out standard-2026-11.txt',
  ],
  async run({ options, positionals: [argument] }, ctx) {
    const format = choiceOption('format', options.format, LIST_EXPORT_FORMATS);
    const progress = createProgress(ctx.io.stderr);
    await withDatabase(ctx.database, {}, async (db) => {
      const list = await findList(db.dataSource, argument, options.draft ? 'DRAFT' : 'PUBLISHED');
      const file = await exportRatingList(db.dataSource, list.id, format, { allowDraft: options.draft });
      const what = `list ${file.list.id} (pool ${file.list.pool}, period ${file.list.period}, revision ${file.list.revision}, ${file.list.status})`;
      const counted = async function* () {
        let bytes = 0;
        for await (const chunk of file.chunks) {
          bytes += Buffer.byteLength(chunk);
          progress.status(`Exporting ${what}: ${count(bytes)} bytes`);
          yield chunk;
        }
        progress.clear();
      };
      if (options.out === undefined) {
        for await (const chunk of counted()) await write(ctx.io.stdout, chunk);
        return;
      }
      await writeFileAtomically(options.out, counted());
      const { size } = await stat(options.out);
      ctx.io.stdout.write(`Wrote ${options.out}: ${what}, ${format}, ${count(size)} bytes.\n`);
    });
  },
});

/** Writes next to `path` and renames into place at the end, so a failed export leaves no half file behind. */
async function writeFileAtomically(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${path}.partial`;
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    // Errors of the file system (not of the database) carry the system call that failed.
    if ((error as { syscall?: unknown }).syscall !== undefined)
      throw new CliError(`cannot write ${path}: ${(error as Error).message}`);
    throw error;
  }
}
