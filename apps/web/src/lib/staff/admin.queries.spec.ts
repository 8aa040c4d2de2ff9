import { parseAuditFilters } from './admin.queries';

describe('parseAuditFilters', () => {
  it('reads the entity type and id from the address', () => {
    expect(parseAuditFilters({ type: 'RATING_LIST', entity: '4' })).toEqual({
      entityType: 'RATING_LIST',
      entityId: '4',
    });
  });

  it('reads a type written in lower case as the schema names it', () => {
    expect(parseAuditFilters({ type: 'tournament' })).toEqual({ entityType: 'TOURNAMENT', entityId: null });
  });

  it('drops what the API would refuse: a malformed id, an empty or unknown type', () => {
    expect(parseAuditFilters({ type: ' ', entity: '4x' })).toEqual({ entityType: null, entityId: null });
    expect(parseAuditFilters({ type: 'RatingList', entity: '0' })).toEqual({ entityType: null, entityId: null });
  });
});
