import { z } from 'zod';
import { requiredDate } from './board-fields';
import { MSG } from './messages';
import { PERMISSIBLE_OBJECTS } from './permissions';

/** Spec §3 Work week. Dates are calendar days, 'YYYY-MM-DD'; a week runs 7 days, both ends included. */
export const ZWorkWeek = z.object({
  weekId: z.number(),
  year: z.number(),
  number: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});
export type TWorkWeek = z.infer<typeof ZWorkWeek>;

/** The years the work-week screens offer: 2021 through next year. */
export const workYearOptions = (today = new Date()) => {
  const years: number[] = [];
  for (let y = 2021; y <= today.getFullYear() + 1; y++) years.push(y);
  return years;
};

const year = (message: string = MSG.required) =>
  z.coerce.number({ error: message }).int({ error: message }).min(2000, { error: 'Choose a year from 2000 to 2100' }).max(2100, {
    error: 'Choose a year from 2000 to 2100',
  });

export const ZYearQuery = z.object({ year: year() });
/** `year` absent: every week (GetWorkWeeks) or the current year (GetWorkWeekList). */
export const ZOptionalYearQuery = z.object({ year: year().optional() });
/** GenerateWorkWeeks: the first week starts on `date`; weeks follow while they start in that date's year. */
export const ZGenerateWeeksQuery = z.object({
  date: requiredDate().refine((d) => Number(d.slice(0, 4)) >= 2000 && Number(d.slice(0, 4)) <= 2100, {
    error: 'Choose a date from 2000 to 2100',
  }),
});

export const GENERAL_TEXT = {
  invalidUrl: 'Enter a valid http:// or https:// address',
  permissionSaved: 'Permission updated successfully',
  permissionsReset: 'Permissions reset to defaults',
} as const;

/** Spec §5 Service URL: required, and an http(s) address. */
export const ZServiceUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required, abort: true })
  .max(2000, { error: 'At most 2000 characters', abort: true })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    },
    { error: GENERAL_TEXT.invalidUrl },
  );
export const ZServiceUrlQuery = z.object({ url: ZServiceUrl });
/** The web form's shape for the Service tab. */
export const ZServiceUrlForm = z.object({ serviceUrl: ZServiceUrl });

/** Access in the editable matrix: 'None' takes an object away from a role. */
export const MATRIX_ACCESS_TYPES = ['None', 'Read', 'DenyDelete', 'Write'] as const;
export type TMatrixAccessType = (typeof MATRIX_ACCESS_TYPES)[number];

/** Objects the Administrator role must keep with Write and in the menu, so nobody is locked out. */
export const ADMIN_LOCKED_OBJECTS = ['SystemAdminPage', 'UserAdmin'] as const;

/** One cell of the role × object matrix of the active company. */
export const ZPermissionRow = z.object({
  roleId: z.number(),
  roleName: z.string(),
  objectName: z.enum(PERMISSIBLE_OBJECTS),
  accessType: z.enum(MATRIX_ACCESS_TYPES),
  isMenuVisible: z.boolean(),
  /** True when the company has not changed this cell. */
  isDefault: z.boolean(),
  defaultAccessType: z.enum(MATRIX_ACCESS_TYPES),
  defaultIsMenuVisible: z.boolean(),
});
export type TPermissionRow = z.infer<typeof ZPermissionRow>;

export const ZSetPermission = z.object({
  roleId: z.coerce.number({ error: MSG.required }).int().min(1, { error: MSG.required }).max(3, { error: 'Unknown role' }),
  objectName: z.enum(PERMISSIBLE_OBJECTS, { error: 'Unknown object' }),
  accessType: z.enum(MATRIX_ACCESS_TYPES, { error: 'Choose None, Read, DenyDelete or Write' }),
  isMenuVisible: z.boolean(),
});
export type TSetPermission = z.input<typeof ZSetPermission>;
