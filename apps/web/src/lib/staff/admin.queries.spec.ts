import { parseAuditFilters } from './admin.queries';

describe('parseAuditFilters', () => {
  it('reads the entity type and id from the address', () => {
    expect(parseAuditFilters({ type: 'RatingList', entity: '4' })).toEqual({ entityType: 'RatingList', entityId: 4 });
  });

  it('drops what the API would refuse: a malformed id, an empty or over-long type', () => {
    expect(parseAuditFilters({ type: ' ', entity: '4x' })).toEqual({ entityType: null, entityId: null });
    expect(parseAuditFilters({ type: 'x'.repeat(51), entity: '0' })).toEqual({ entityType: null, entityId: null });
  });
});
