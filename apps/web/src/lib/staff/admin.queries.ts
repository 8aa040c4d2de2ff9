import 'server-only';
import { graphql } from '@/__generated__/gql';
import {
  AuditEntityType,
  type StaffAccountsQuery,
  type StaffAuditTrailQuery,
  type StaffWebhooksQuery,
} from '@/__generated__/graphql';
import type { Locale } from '@/i18n/locales';
import { firstParam, type SearchParams } from '../search-params';
import { staffPageQuery } from './api';

/** Administration: staff accounts and API keys (listed, created, changed, revoked), the audit trail. */

export const createStaffUserMutation = graphql(`
  mutation StaffCreateStaffUser($email: String!, $displayName: String!, $role: StaffRole!, $password: String!) {
    createStaffUser(email: $email, displayName: $displayName, role: $role, password: $password) {
      id
    }
  }
`);

export const createApiKeyMutation = graphql(`
  mutation StaffCreateApiKey($name: String!, $quotaPerMinute: Int!) {
    createApiKey(name: $name, quotaPerMinute: $quotaPerMinute) {
      secret
      apiKey {
        id
        name
        prefix
      }
    }
  }
`);

/** The roles an account can be given (libs/db's STAFF_ROLES, as the API names them). */
export const STAFF_ROLE_NAMES = ['RATING_OFFICER', 'ARBITER', 'ADMIN'] as const;

/** How many accounts and keys the page lists (a federation has a handful; past that the page says how many more). */
export const ACCOUNT_ROWS = 100;

export const staffAccountsQuery = graphql(`
  query StaffAccounts($rows: Int!) {
    staffUsers(first: $rows) {
      totalCount
      edges {
        node {
          id
          email
          displayName
          role
          active
          lastLoginAt
        }
      }
    }
    apiKeys(first: $rows) {
      totalCount
      edges {
        node {
          id
          name
          prefix
          quotaPerMinute
          revokedAt
          lastUsedAt
        }
      }
    }
  }
`);

export type StaffAccounts = StaffAccountsQuery;

export async function fetchStaffAccounts(locale: Locale): Promise<StaffAccounts> {
  return staffPageQuery(staffAccountsQuery, { rows: ACCOUNT_ROWS }, locale);
}

export const updateStaffUserMutation = graphql(`
  mutation StaffUpdateStaffUser($id: ID!, $role: StaffRole, $active: Boolean) {
    updateStaffUser(id: $id, role: $role, active: $active) {
      id
      role
      active
    }
  }
`);

export const revokeApiKeyMutation = graphql(`
  mutation StaffRevokeApiKey($id: ID!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`);

export const AUDIT_ROWS = 100;

export const staffAuditTrailQuery = graphql(`
  query StaffAuditTrail($first: Int!, $entityType: AuditEntityType, $entityId: ID) {
    auditEvents(first: $first, entityType: $entityType, entityId: $entityId) {
      id
      at
      actorLabel
      action
      entityType
      entityId
    }
  }
`);

export type AuditEventRow = StaffAuditTrailQuery['auditEvents'][number];

export interface AuditFilters {
  entityType: AuditEntityType | null;
  entityId: string | null;
}

/** The schema's entity types, as the trail's filter offers them. */
export const AUDIT_ENTITY_TYPES: readonly AuditEntityType[] = Object.values(AuditEntityType);

/** A type as written in an address, `RATING_LIST`, `RatingList` or `rating_list` alike. */
const typeKey = (type: string) => type.trim().replace(/_/g, '').toUpperCase();

/** The trail's filters from the address (`?type=RATING_LIST&entity=4`); an unknown type or a malformed id is dropped. */
export function parseAuditFilters(params: SearchParams): AuditFilters {
  const written = firstParam(params, 'type');
  const entity = firstParam(params, 'entity');
  return {
    entityType:
      written === undefined ? null : (AUDIT_ENTITY_TYPES.find((type) => typeKey(type) === typeKey(written)) ?? null),
    entityId: entity !== undefined && /^[1-9]\d{0,8}$/.test(entity) ? entity : null,
  };
}

export async function fetchAuditTrail(filters: AuditFilters, locale: Locale): Promise<AuditEventRow[]> {
  return (await staffPageQuery(staffAuditTrailQuery, { first: AUDIT_ROWS, ...filters }, locale)).auditEvents;
}

/** Webhooks (ADMIN): registered, removed, read with their latest deliveries and each delivery's attempts. */

/** How many of each webhook's latest deliveries the page shows. */
export const WEBHOOK_DELIVERY_ROWS = 10;

export const staffWebhooksQuery = graphql(`
  query StaffWebhooks($deliveries: Int!) {
    webhooks(deliveries: $deliveries) {
      id
      url
      createdAt
      deliveries {
        id
        eventId
        eventType
        status
        attempts
        nextAttemptAt
        createdAt
        deliveredAt
        attemptLog {
          attemptedAt
          statusCode
          durationMs
          error
        }
      }
    }
  }
`);

export type WebhookRow = StaffWebhooksQuery['webhooks'][number];

export async function fetchWebhooks(locale: Locale): Promise<WebhookRow[]> {
  return (await staffPageQuery(staffWebhooksQuery, { deliveries: WEBHOOK_DELIVERY_ROWS }, locale)).webhooks;
}

export const createWebhookMutation = graphql(`
  mutation StaffCreateWebhook($url: String!, $secret: String!) {
    createWebhook(url: $url, secret: $secret) {
      id
      url
    }
  }
`);

export const deleteWebhookMutation = graphql(`
  mutation StaffDeleteWebhook($id: ID!) {
    deleteWebhook(id: $id)
  }
`);
