import { safeReturnPath } from './paths';

describe('safeReturnPath', () => {
  it('follows a path of the site, its query included', () => {
    expect(safeReturnPath('/gestion/tournois?status=SUBMITTED')).toBe('/gestion/tournois?status=SUBMITTED');
    expect(safeReturnPath('/en/staff')).toBe('/en/staff');
  });

  it('refuses other origins and what browsers read as one', () => {
    for (const value of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'gestion', '/a\nb', '', null]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});
