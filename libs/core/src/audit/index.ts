export {
  DEFAULT_AUDIT_PAGE,
  MAX_AUDIT_PAGE,
  listAuditEvents,
  recordAudit,
  recordAuditMany,
  type AuditEventFilters,
  type AuditRecord,
} from './audit.service';
