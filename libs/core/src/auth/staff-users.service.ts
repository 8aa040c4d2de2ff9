import {
  inListOrder,
  keysetOf,
  MAX_EMAIL_LENGTH,
  orderFor,
  STAFF_ROLES,
  StaffUser,
  type PagePosition,
  type StaffRole,
} from '@ratings/db';
import {
  LessThan,
  MoreThan,
  type DataSource,
  type EntityManager,
  type FindOptionsOrder,
  type FindOptionsWhere,
  type Repository,
} from 'typeorm';
import { recordAudit } from '../audit/audit.service';
import { conflict, invalidInput, notFound } from '../errors';
import type { Actor, WriteContext } from '../common/actor';
import { isUniqueViolation, runTransaction, snapshot } from '../common/database';
import { entityId, oneOf, requiredText, wholeNumber } from '../common/validate';
import { checkPasswordRules, hashPassword } from './password';
import { authorize } from './permissions';
import { unauthenticated, verifyStaffToken } from './staff-token';

/** StaffUser.displayName's column length. */
const MAX_DISPLAY_NAME = 100;
/** Something@something.tld with no spaces: enough to catch typos; the address is proven by use, not by regex. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A staff account as shown to callers: never the password hash. */
export type StaffUserView = Omit<StaffUser, 'passwordHash'>;

export function staffUserView(user: StaffUser): StaffUserView {
  const { passwordHash: _hash, ...view } = user;
  return view;
}

/** Lowercased, trimmed e-mail (the table stores it lowercased so uniqueness ignores case). */
export function normalizeEmail(field: string, value: unknown): string {
  const email = requiredText(field, value, MAX_EMAIL_LENGTH).toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw invalidInput(field, `${JSON.stringify(value)} is not an e-mail address`);
  return email;
}

export interface CreateStaffUserInput {
  readonly email: string;
  readonly displayName: string;
  readonly role: StaffRole;
  readonly password: string;
}

/** A staff member as shown to himself (the API's `me`), or NOT_FOUND. */
export async function getStaffUser(db: DataSource | EntityManager, staffId: number): Promise<StaffUserView> {
  const user = await ('manager' in db ? db.manager : db).getRepository(StaffUser).findOneBy({ id: staffId });
  if (!user) throw notFound('staff user', staffId);
  return staffUserView(user);
}

/** Creates a staff account (administrators, or a system actor such as the CLI's `create-staff`). */
export async function createStaffUser(
  db: DataSource,
  input: CreateStaffUserInput,
  ctx: WriteContext,
): Promise<StaffUserView> {
  authorize(ctx, 'staff:manage');
  const email = normalizeEmail('email', input.email);
  const displayName = requiredText('displayName', input.displayName, MAX_DISPLAY_NAME);
  const role = oneOf('role', input.role, STAFF_ROLES);
  const passwordHash = await hashPassword(checkPasswordRules('password', input.password));
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(StaffUser);
    if (await repository.existsBy({ email })) throw duplicateEmail(email);
    const user = await repository
      .save(repository.create({ email, displayName, role, passwordHash }))
      .catch((error: unknown) => {
        // Two admins creating the same address at once: the unique constraint decides.
        throw isUniqueViolation(error, 'uq_staff_users_email') ? duplicateEmail(email) : error;
      });
    const view = staffUserView(user);
    await recordAudit(manager, ctx, {
      action: 'createStaffUser',
      entityType: 'StaffUser',
      entityId: user.id,
      after: snapshot(view),
    });
    return view;
  });
}

const duplicateEmail = (email: string) =>
  conflict(`a staff user with e-mail ${email} already exists`, { field: 'email' });

/** A page of staff accounts or API keys: in id order, `first` rows after an id, or before one (backward). */
export interface IdPage {
  readonly first: number;
  readonly position: PagePosition<{ id: number }>;
}

/** Most accounts or keys one page lists (the API's page size is smaller). */
export const MAX_ADMIN_PAGE = 100;

/** A page of a table in id order (`first + 1` rows when a page lies beyond it) and the table's count. */
export async function idOrderedPage<T extends { id: number }>(
  repository: Repository<T>,
  page: IdPage,
): Promise<{ rows: T[]; totalCount: number }> {
  const first = wholeNumber('first', page.first, 1, MAX_ADMIN_PAGE);
  const { key, backward } = keysetOf(page.position);
  const rows = await repository.find({
    where: (key === null ? {} : { id: backward ? LessThan(key.id) : MoreThan(key.id) }) as FindOptionsWhere<T>,
    order: { id: orderFor('ASC', backward) } as FindOptionsOrder<T>,
    take: first + 1,
  });
  return { rows: inListOrder(rows, backward), totalCount: await repository.count() };
}

/** Staff accounts in id order, for administrators: a page and the total. */
export async function listStaffUsers(
  db: DataSource | EntityManager,
  page: IdPage,
  ctx: WriteContext,
): Promise<{ rows: StaffUserView[]; totalCount: number }> {
  authorize(ctx, 'staff:manage');
  const { rows, totalCount } = await idOrderedPage(('manager' in db ? db.manager : db).getRepository(StaffUser), page);
  return { rows: rows.map(staffUserView), totalCount };
}

export interface UpdateStaffUserInput {
  readonly staffId: number;
  readonly role?: StaffRole;
  readonly active?: boolean;
}

/**
 * Changes an account's role or activity (absent fields are kept); a deactivated account's tokens stop working
 * at their next use and a new role applies at once (authenticateStaff reads the account each time). Refused
 * (CONFLICT) when it would leave no active administrator: nobody could manage staff any more.
 */
export function updateStaffUser(
  db: DataSource,
  input: UpdateStaffUserInput,
  ctx: WriteContext,
): Promise<StaffUserView> {
  return changeStaffUser(db, input, ctx, 'updateStaffUser');
}

/** updateStaffUser with `active: false` (deactivating an inactive account changes nothing). */
export function deactivateStaffUser(
  db: DataSource,
  input: { readonly staffId: number },
  ctx: WriteContext,
): Promise<StaffUserView> {
  return changeStaffUser(db, { staffId: input.staffId, active: false }, ctx, 'deactivateStaffUser');
}

async function changeStaffUser(
  db: DataSource,
  input: UpdateStaffUserInput,
  ctx: WriteContext,
  action: 'updateStaffUser' | 'deactivateStaffUser',
): Promise<StaffUserView> {
  authorize(ctx, 'staff:manage');
  const staffId = entityId('staffId', input.staffId);
  const role = input.role == null ? undefined : oneOf('role', input.role, STAFF_ROLES);
  if (input.active != null && typeof input.active !== 'boolean') throw invalidInput('active', 'must be true or false');
  return runTransaction(db, async (manager) => {
    const repository = manager.getRepository(StaffUser);
    // Admin rows are locked in id order, so two admins demoting each other cannot both succeed.
    const admins = await repository.find({
      where: { role: 'ADMIN', active: true },
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    const user = await repository.findOne({ where: { id: staffId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw notFound('staff user', staffId);
    const next = { role: role ?? user.role, active: input.active ?? user.active };
    if (next.role === user.role && next.active === user.active) return staffUserView(user);
    const remainsAdmin = next.role === 'ADMIN' && next.active;
    if (user.role === 'ADMIN' && user.active && !remainsAdmin && admins.length === 1) {
      const change = next.active ? 'given another role' : 'deactivated';
      throw conflict(`staff user ${staffId} (${user.email}) is the last active administrator and cannot be ${change}`);
    }
    const before = snapshot(staffUserView(user));
    Object.assign(user, next);
    const saved = staffUserView(await repository.save(user));
    await recordAudit(manager, ctx, {
      action,
      entityType: 'StaffUser',
      entityId: staffId,
      before,
      after: snapshot(saved),
    });
    return saved;
  });
}

/**
 * Per-request check of a staff bearer token: verifies it, then looks the account up by primary key so a
 * deactivated account is refused at once and a changed role applies at once. Returns the actor to put in
 * the request's WriteContext.
 */
export async function authenticateStaff(
  db: DataSource | EntityManager,
  token: string,
  options: { readonly secret: string; readonly now?: Date },
): Promise<Extract<Actor, { kind: 'staff' }>> {
  const claims = verifyStaffToken(token, options.secret, options.now ?? new Date());
  const manager = 'manager' in db ? db.manager : db;
  const user = await manager
    .getRepository(StaffUser)
    .findOne({ where: { id: claims.staffId }, select: { id: true, email: true, role: true, active: true } });
  if (!user || !user.active)
    throw unauthenticated(`staff account ${claims.staffId} is deactivated`, 'ACCOUNT_INACTIVE');
  return { kind: 'staff', staffId: user.id, role: user.role, label: user.email };
}
