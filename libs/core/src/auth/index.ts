export {
  LAST_USED_RESOLUTION_MS,
  MAX_QUOTA_PER_MINUTE,
  authenticateApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyView,
  type AuthenticatedApiKey,
  type CreatedApiKey,
} from './api-keys.service';
export {
  FIRST_LOCK_SECONDS,
  FREE_FAILED_LOGINS,
  LOGIN_REFUSED_MESSAGE,
  MAX_LOCK_SECONDS,
  MAX_TOKEN_TTL_SECONDS,
  lockSecondsAfter,
  login,
  type LoginOptions,
  type LoginResult,
} from './login.service';
export {
  DEFAULT_SCRYPT_PARAMS,
  MAX_CONCURRENT_PASSWORD_HASHES,
  MAX_PASSWORD_LENGTH,
  MAX_WAITING_PASSWORD_HASHES,
  MIN_PASSWORD_LENGTH,
  checkPasswordRules,
  hashPassword,
  needsRehash,
  verifyPassword,
  type ScryptParams,
} from './password';
export { PERMISSIONS, ROLE_PERMISSIONS, authorize, can, mayChangeTournament, type Permission } from './permissions';
export { InMemoryRateLimiter, RATE_LIMIT_WINDOW_MS, type RateLimitDecision, type RateLimiter } from './rate-limiter';
export {
  DEFAULT_TOKEN_TTL_SECONDS,
  MIN_TOKEN_SECRET_LENGTH,
  signStaffToken,
  verifyStaffToken,
  type StaffTokenClaims,
  type UnauthenticatedReason,
} from './staff-token';
export {
  authenticateStaff,
  createStaffUser,
  deactivateStaffUser,
  getStaffUser,
  listStaffUsers,
  MAX_ADMIN_PAGE,
  updateStaffUser,
  type CreateStaffUserInput,
  type IdPage,
  type UpdateStaffUserInput,
  type StaffUserView,
} from './staff-users.service';
