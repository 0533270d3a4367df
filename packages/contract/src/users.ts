import { z } from 'zod';
import { requiredId, requiredText } from './common';
import { MSG } from './messages';
import { ACCESS_TYPES, PERMISSIBLE_OBJECTS } from './permissions';

export const ZPermission = z.object({
  objectName: z.enum(PERMISSIBLE_OBJECTS),
  accessType: z.enum(ACCESS_TYPES),
  isMenuVisible: z.boolean(),
});

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

export const ZPhone = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required })
  .max(10, { error: MSG.phoneMax });

/** Spec §5 Register. */
export const ZRegisterForm = z.object({
  companyId: requiredId(),
  phoneNumber: ZPhone,
});
export type TRegisterForm = z.infer<typeof ZRegisterForm>;
export const ZRegisterRequest = ZRegisterForm.extend({
  email: z.string().nullish(),
  userId: z.coerce.number().nullish(),
});

export const ZChangeCompanyRequest = z.object({
  label: z.string().nullish(),
  value: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }),
});

/** Spec §3 "User (admin view)". */
export const ZAdminUser = z.object({
  userId: z.number(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  userRoles: z.array(z.number()),
  userCompanies: z.array(z.number()),
  userRoleNames: z.string(),
  userCompanyNames: z.string(),
  serviceFee: z.number(),
  unitNumber: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginDate: z.string().nullable(),
  updatedOn: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** Spec §5 User edit. Email is read-only and ignored by the server. */
export const ZUserForm = z.object({
  userId: z.coerce.number().int().positive(),
  email: z.string().nullish(),
  firstName: requiredText(MSG.firstName, 100),
  lastName: requiredText(MSG.lastName, 100),
  phoneNumber: z
    .string({ error: MSG.phoneNumber })
    .trim()
    .min(1, { error: MSG.phoneNumber })
    .max(20, { error: 'At most 20 characters' }),
  userRoles: z.array(z.coerce.number().int().min(1).max(3), { error: MSG.userRoles }).min(1, { error: MSG.userRoles }),
  userCompanies: z
    .array(z.coerce.number().int().positive(), { error: MSG.userCompanies })
    .min(1, { error: MSG.userCompanies }),
  serviceFee: z.coerce
    .number({ error: 'Service fee must be a number' })
    .min(0, { error: 'Service fee cannot be negative' })
    .max(1_000_000, { error: 'Service fee is too large' })
    .default(0),
  unitNumber: z
    .string()
    .trim()
    .max(20, { error: 'At most 20 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
  isActive: z.boolean().default(true),
  /** The version the form was loaded at; a newer row refuses the save. */
  updatedOn: z.string().nullish(),
});
export type TUserForm = z.input<typeof ZUserForm>;

export const ZRequiredId = requiredId;
