export {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  DEFAULT_AUDIT_PAGE,
  MAX_AUDIT_PAGE,
  listAuditEvents,
  recordAudit,
  recordAuditMany,
  type AuditAction,
  type AuditEntityType,
  type AuditEventFilters,
  type AuditRecord,
} from './audit.service';
