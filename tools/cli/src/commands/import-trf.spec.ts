import { decodeTrf } from './import-trf';

describe('decodeTrf', () => {
  it('reads UTF-8, and falls back to Latin-1 for the files of older pairing programs', () => {
    const line = '001    1 m    Lévesque, Zoé';
    expect(decodeTrf(Buffer.from(line, 'utf8'))).toBe(line);
    expect(decodeTrf(Buffer.from(line, 'latin1'))).toBe(line);
    expect(decodeTrf(Buffer.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]))).toBe('Müller');
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(decodeTrf(Buffer.from('\ufeff012 Open', 'utf8'))).toBe('012 Open');
  });
});
