import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it.each(['203.0.113.5', '::1', '::ffff:127.0.0.1', '2001:db8::7'])('keeps the address %s', (address) => {
    expect(clientAddress(address)).toBe(address);
  });

  it.each([
    'unknown',
    '',
    ' 203.0.113.5',
    '203.0.113.5, 10.0.0.1',
    '999.1.1.1',
    "1.2.3.4'; DROP TABLE x",
    null,
    undefined,
  ])('refuses %j', (candidate) => {
    expect(clientAddress(candidate)).toBeNull();
  });
});
