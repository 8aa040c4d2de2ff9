import type { ListSource } from './types';

/** Text of a source, chunk by chunk: bytes decoded as UTF-8 across chunk boundaries, a leading BOM removed. */
export async function* textChunks(source: ListSource): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text !== '') {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

export interface TextLine {
  readonly number: number;
  readonly text: string;
  /** False for a last line the file cuts off without a line break. */
  readonly terminated: boolean;
}

const CR = 13;

/**
 * Lines (CRLF or LF, the break removed), numbered from 1, a chunk's lines at a time (one await per chunk, not per
 * line), never holding more than one chunk's text and lines.
 */
export async function* textLines(source: ListSource): AsyncGenerator<TextLine[]> {
  let pending = '';
  let number = 0;
  for await (const chunk of textChunks(source)) {
    pending += chunk;
    const lines: TextLine[] = [];
    let start = 0;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
      const text = pending.slice(start, end > start && pending.charCodeAt(end - 1) === CR ? end - 1 : end);
      lines.push({ number: ++number, text, terminated: true });
      start = end + 1;
    }
    pending = pending.slice(start);
    if (lines.length > 0) yield lines;
  }
  if (pending !== '') yield [{ number: ++number, text: pending.replace(/\r$/, ''), terminated: false }];
}
