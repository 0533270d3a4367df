import { z } from 'zod';
import { filterDate, idInput, idList, phoneField, requiredId, requiredText } from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

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
  /** 'flat': serviceFee dollars per work week; 'percent': serviceFee % of the driver's gross. */
  serviceFeeType: z.enum(['flat', 'percent']),
  unitNumber: z.string().nullable(),
  /** The first day the person works for the company: a flat fee, recurring expenses and the year
   * to date count from its week. Set to the approval date when a role is first given; null: not set. */
  startDate: z.string().nullable(),
  /** The last day they work for the company (null: still working): charges stop after its week. */
  endDate: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginDate: z.string().nullable(),
  /** False when the person also belongs to a company the caller does not administer: their name
   * and phone are then theirs (or an administrator of all their companies') to change. */
  canEditPersonFields: z.boolean(),
  updatedOn: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** Spec §5 User edit. Email is read-only and ignored by the server. */
export const ZUserForm = z.object({
  userId: requiredId(),
  email: z.string().nullish(),
  firstName: requiredText(MSG.firstName, 100),
  lastName: requiredText(MSG.lastName, 100),
  phoneNumber: phoneField(MSG.phoneNumber, 10, MSG.phoneMax),
  userRoles: z
    .array(z.preprocess(idInput, z.number({ error: 'Unknown role' }).int({ error: 'Unknown role' }).min(1, { error: 'Unknown role' }).max(3, { error: 'Unknown role' })), {
      error: MSG.userRoles,
    })
    .min(1, { error: MSG.userRoles })
    .transform((ids) => [...new Set(ids)]),
  userCompanies: idList(MSG.userCompanies).pipe(z.array(z.number()).min(1, { error: MSG.userCompanies })),
  serviceFee: z.coerce
    .number({ error: 'Service fee must be a number' })
    .min(0, { error: 'Service fee cannot be negative' })
    .max(1_000_000, { error: 'Service fee is too large' })
    .default(0),
  serviceFeeType: z.enum(['flat', 'percent'], { error: 'Choose per week or % of gross' }).default('flat'),
  unitNumber: z
    .string()
    .trim()
    .max(20, { error: 'At most 20 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
  /** Empty: unchanged when set, else the approval date when this save approves the person. */
  startDate: filterDate(),
  endDate: filterDate(),
  isActive: z.boolean().default(true),
  /** The version the form was loaded at; a newer row refuses the save. */
  updatedOn: z.string().nullish(),
}).refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, { error: 'The end date must be on or after the start date', path: ['endDate'] });
export type TUserForm = z.input<typeof ZUserForm>;


export const userRoutes = {
  getUsers: defineRoute({
    method: 'GET',
    path: '/api/auth/GetUsers',
    summary: 'Users of the active company, applicants included',
    tag: 'Users',
    access: onObject('UserAdmin', 'Read'),
    response: z.array(ZAdminUser),
    list: { cap: 5000, noun: 'people' },
  }),
  updateUserInformation: defineRoute({
    method: 'POST',
    path: '/api/auth/UpdateUserInformation',
    summary: 'Edit a user; assigning a role to an applicant approves them',
    tag: 'Users',
    access: onObject('UserAdmin', 'DenyDelete'),
    body: ZUserForm,
    response: ZTextReply,
  }),
} as const;
