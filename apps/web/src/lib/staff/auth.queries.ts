import 'server-only';
import { cache } from 'react';
import type { Locale } from '@/i18n/locales';
import { graphql } from '@/__generated__/gql';
import type { StaffViewerQuery } from '@/__generated__/graphql';
import { staffPageQuery } from './api';

/** Signing in, and who is signed in. */

export const loginMutation = graphql(`
  mutation StaffLogin($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      expiresAt
    }
  }
`);

export const staffViewerQuery = graphql(`
  query StaffViewer {
    me {
      id
      displayName
      email
      role
    }
  }
`);

export type StaffViewer = StaffViewerQuery['me'];

/** The signed-in member, read once per request (the layout's navigation and the page both need him). */
export const fetchStaffViewer = cache(
  async (locale: Locale): Promise<StaffViewer> => (await staffPageQuery(staffViewerQuery, {}, locale)).me,
);
