import { z } from 'zod';
import { optionalId, phoneField, requiredId } from './fields';
import { MSG } from './messages';
import { ZPermission } from './permissions';
import { defineRoute } from './route-def';

/** Spec §3 "Current user". */
export const ZCurrentUser = z.object({
  email: z.string(),
  displayName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  uid: z.string().nullable(),
  userId: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  company: z.string().nullable(),
  companyId: z.number().nullable(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  userCompanies: z.array(z.object({ label: z.string(), value: z.number() })),
  userPermissibleObjects: z.array(ZPermission),
  /** The company shown deactivated this person (user_companies inactive): not an application in review. */
  accessRemoved: z.boolean().optional(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** The body the legacy client sends; identity never comes from it. */
export const ZUserDetailsRequest = z
  .object({
    email: z.string().nullish(),
    displayName: z.string().nullish(),
    phoneNumber: z.string().nullish(),
    uid: z.string().nullish(),
  })
  .partial()
  .nullish();

export const ZPhone = phoneField(MSG.required, 10, MSG.phoneMax);

/** Spec §5 Register. */
export const ZRegisterForm = z.object({
  companyId: requiredId(),
  phoneNumber: ZPhone,
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;
export const ZRegisterRequest = ZRegisterForm.extend({
  email: z.string().nullish(),
  userId: optionalId(),
});

export const ZChangeCompanyRequest = z.object({
  label: z.string().nullish(),
  value: requiredId(),
});

export const authRoutes = {
  getUserDetails: defineRoute({
    method: 'POST',
    path: '/api/Auth/GetUserDetails',
    summary: "The session's user; the body is accepted for compatibility and ignored",
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZUserDetailsRequest,
    response: ZCurrentUser,
  }),
  updateUserCompany: defineRoute({
    method: 'POST',
    path: '/api/Auth/UpdateUserCompany',
    summary: 'Register the signed-in person with a company (then in review)',
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZRegisterRequest,
    response: ZCurrentUser,
  }),
  changeUserCompany: defineRoute({
    method: 'POST',
    path: '/api/Auth/ChangeUserCompany',
    summary: 'Switch the active company of the session',
    tag: 'Auth',
    access: { kind: 'signedIn' },
    body: ZChangeCompanyRequest,
    response: ZCurrentUser,
  }),
  logOut: defineRoute({
    method: 'POST',
    path: '/api/Auth/LogOut',
    summary: 'End the session; answers where to send the browser to sign out of the provider',
    tag: 'Auth',
    access: { kind: 'public' },
    response: z.object({ message: z.string(), endSessionUrl: z.string().nullable() }),
  }),
} as const;
