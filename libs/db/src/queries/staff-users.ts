import type { EntityManager } from 'typeorm';

/** Records a failed sign-in: the count of failures in a row and the lock it earned (null: none). */
export async function recordLoginFailure(
  manager: EntityManager,
  staffId: number,
  failures: number,
  lockedUntil: Date | null,
): Promise<void> {
  await manager.query('UPDATE staff_users SET failed_login_count = $2, locked_until = $3 WHERE id = $1', [
    staffId,
    failures,
    lockedUntil,
  ]);
}

/** Records a successful sign-in: failures cleared, the time, and the (possibly re-hashed) password hash. */
export async function recordLoginSuccess(
  manager: EntityManager,
  staffId: number,
  at: Date,
  passwordHash: string,
): Promise<void> {
  await manager.query(
    'UPDATE staff_users SET failed_login_count = 0, locked_until = NULL, last_login_at = $2, password_hash = $3 WHERE id = $1',
    [staffId, at, passwordHash],
  );
}
