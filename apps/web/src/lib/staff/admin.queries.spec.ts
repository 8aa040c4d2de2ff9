import { parseAuditFilters } from './admin.queries';

describe('parseAuditFilters', () => {
  it('reads the entity type and id from the address', () => {
    expect(parseAuditFilters({ type: 'RATING_LIST', entity: '4' })).toEqual({
      entityType: 'RATING_LIST',
      entityId: '4',
    });
  });

  it('reads a type as the schema names it however it is written, the entity class name included', () => {
    expect(parseAuditFilters({ type: 'tournament' })).toEqual({ entityType: 'TOURNAMENT', entityId: null });
    expect(parseAuditFilters({ type: 'RatingList' })).toEqual({ entityType: 'RATING_LIST', entityId: null });
  });

  it('drops what the API would refuse: a malformed id, an empty or unknown type', () => {
    expect(parseAuditFilters({ type: ' ', entity: '4x' })).toEqual({ entityType: null, entityId: null });
    expect(parseAuditFilters({ type: 'RatingLists', entity: '0' })).toEqual({ entityType: null, entityId: null });
  });
});
