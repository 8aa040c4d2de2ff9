import { decodeListFile, effectiveDateOf } from './list-import';

describe('decodeListFile', () => {
  it('reads UTF-8, and FIDE’s Latin-1 TXT files with their accents', () => {
    expect(decodeListFile(new TextEncoder().encode('Lévesque, Marie'))).toBe('Lévesque, Marie');
    // "Côté" in Latin-1: ô is 0xF4, é is 0xE9 — not valid UTF-8.
    expect(decodeListFile(Uint8Array.from([0x43, 0xf4, 0x74, 0xe9]))).toBe('Côté');
  });
});

describe('effectiveDateOf', () => {
  it('makes the month the first of the month, and a blank field none', () => {
    expect(effectiveDateOf('2026-10')).toBe('2026-10-01');
    expect(effectiveDateOf('')).toBeNull();
    expect(effectiveDateOf('2026-1')).toBeNull();
  });
});
