import { z } from 'zod';
import { ZLookupList, ZTextReply } from './common';
import type { TAccessType, TPermissibleObject } from './permissions';
import {
  ZAdminUser,
  ZChangeCompanyRequest,
  ZCurrentUser,
  ZRegisterRequest,
  ZUserDetailsRequest,
  ZUserForm,
} from './users';

/**
 * Who may call a route:
 * - public: anyone;
 * - signedIn: any signed-in person, with or without a company or role;
 * - member: signed in with an active company and a role in it;
 * - object: a member whose permissions on `object` meet `level` (spec §6).
 */
export type TRouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'member' }
  | { kind: 'object'; object: TPermissibleObject; level: TAccessType };

export type TRouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  access: TRouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
};

const def = <T extends TRouteDef>(d: T) => d;
const lookup = (name: string, access: TRouteAccess = { kind: 'member' }, query?: z.ZodType) =>
  def({ method: 'GET', path: `/api/Lookup/${name}`, summary: name, tag: 'Lookups', access, query, response: ZLookupList });

export const ZHealth = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), time: z.string() });

export const authRoutes = {
  health: def({ method: 'GET', path: '/api/health', summary: 'Service and database state', tag: 'General', access: { kind: 'public' }, response: ZHealth }),
  getUserDetails: def({
    method: 'POST',
    path: '/api/Auth/GetUserDetails',
    summary: "The session's user; the body is accepted for compatibility and ignored",
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZUserDetailsRequest,
    response: ZCurrentUser,
  }),
  updateUserCompany: def({
    method: 'POST',
    path: '/api/Auth/UpdateUserCompany',
    summary: 'Register the signed-in person with a company (then in review)',
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZRegisterRequest,
    response: ZCurrentUser,
  }),
  changeUserCompany: def({
    method: 'POST',
    path: '/api/Auth/ChangeUserCompany',
    summary: 'Switch the active company of the session',
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZChangeCompanyRequest,
    response: ZCurrentUser,
  }),
  logOut: def({
    method: 'POST',
    path: '/api/Auth/LogOut',
    summary: "End the session; answers where to send the browser to sign out of the provider",
    tag: 'Auth',
    access: { kind: 'public' },
    response: z.object({ message: z.string(), endSessionUrl: z.string().nullable() }),
  }),
  getUsers: def({
    method: 'GET',
    path: '/api/auth/GetUsers',
    summary: 'Users of the active company, applicants included',
    tag: 'Users',
    access: { kind: 'object', object: 'UserAdmin', level: 'Read' },
    response: z.array(ZAdminUser),
  }),
  updateUserInformation: def({
    method: 'POST',
    path: '/api/auth/UpdateUserInformation',
    summary: 'Edit a user; assigning a role to an applicant approves them',
    tag: 'Users',
    access: { kind: 'object', object: 'UserAdmin', level: 'DenyDelete' },
    body: ZUserForm,
    response: ZTextReply,
  }),
} as const;

export const lookupRoutes = {
  getCompanyList: lookup('GetCompanyList', { kind: 'signedIn' }),
  getCompanyListUserAdmin: lookup('GetCompanyListUserAdmin', { kind: 'object', object: 'UserAdmin', level: 'Read' }),
  getRoles: lookup('GetRoles'),
  getUserStatuses: lookup('GetUserStatuses'),
  getStates: lookup('GetStates'),
} as const;
