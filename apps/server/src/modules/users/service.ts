import { ROLE, ROLE_NAMES, type TAdminUser, type ZUserForm } from '@haulboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TActor } from '../../access/actor';
import type { TDbLike } from '../../db/client';
import { companies, userCompanies, userRoles, users } from '../../db/schema';
import { conflict, notFound, refuse } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';

/** Users of the actor's company (applicants included), with roles and companies as the actor may see them. */
export async function findCompanyUsers(db: TDbLike, actor: TActor, limit: number): Promise<TAdminUser[]> {
  const visible = actor.administeredCompanyIds;
  const { companyId } = actor;
  const rows = await db
    .select({
      user: users,
      membership: userCompanies,
      roles: sql<number[]>`coalesce((select array_agg(r.role_id order by r.role_id) from user_roles r
        where r.user_id = ${users.id} and r.company_id = ${companyId}), '{}')`,
      companyIds: sql<number[]>`coalesce((select array_agg(m.company_id order by m.company_id) from user_companies m
        where m.user_id = ${users.id} and m.company_id = any(${sql.param(visible.length ? visible : [companyId])}::int[])), '{}')`,
      elsewhere: sql<number>`(select count(*) from user_companies m
        where m.user_id = ${users.id} and not m.company_id = any(${sql.param(visible)}::int[]))::int`,
    })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(eq(userCompanies.companyId, companyId))
    .orderBy(users.lastName, users.firstName, users.email)
    .limit(limit);
  const named = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, visible.length ? visible : [companyId]));
  const names = new Map(named.map((c) => [c.id, c.name]));
  return rows.map(({ user, membership, roles, companyIds, elsewhere }) => {
    const roleIds = (roles ?? []).map(Number);
    const companyIdList = (companyIds ?? []).map(Number);
    return {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: fullNameOf(user),
      phoneNumber: user.phoneNumber,
      userRoles: roleIds,
      userCompanies: companyIdList,
      userRoleNames: roleIds.map((r) => ROLE_NAMES[r]).join(', '),
      userCompanyNames: companyIdList.map((c) => names.get(c) ?? '').filter(Boolean).join(', '),
      serviceFee: Number(membership.serviceFee),
      serviceFeeType: membership.serviceFeeType === 'percent' ? ('percent' as const) : ('flat' as const),
      unitNumber: membership.unitNumber,
      startDate: membership.startDate,
      endDate: membership.endDate,
      isActive: membership.isActive,
      lastLoginDate: user.lastLoginDate,
      canEditPersonFields: user.id === actor.userId || Number(elsewhere) === 0,
      updatedOn: user.updatedOn,
    };
  });
}

type TForm = z.output<typeof ZUserForm>;

export const personFieldsElsewhere = (name: string, companies: number) =>
  `${name} also belongs to ${companies === 1 ? 'another company' : `${companies} other companies`} that you do not administer. ` +
  'Only they, or an administrator of every company they belong to, can change their name and phone number.';

/**
 * Edits a user of the active company. Roles apply in every selected company the caller
 * administers; unselected ones the caller administers lose the user. Giving an applicant a role
 * is their approval. No company may be left without an active administrator.
 */
export async function updateUserInformation(tx: TDbLike, actor: TActor, form: TForm) {
  const administered = actor.administeredCompanyIds;
  const { companyId: activeCompanyId } = actor;
  const foreign = form.userCompanies.filter((c) => !administered.includes(c));
  if (foreign.length || !administered.includes(activeCompanyId)) throw refuse('You can only assign companies you administer');

  const [target] = await tx
    .select({ user: users })
    .from(userCompanies)
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(and(eq(userCompanies.userId, form.userId), eq(userCompanies.companyId, activeCompanyId)))
    .for('update', { of: users })
    .limit(1);
  if (!target) throw notFound('The user');
  if (form.updatedOn && new Date(form.updatedOn).getTime() !== new Date(target.user.updatedOn).getTime()) {
    throw conflict('Someone else changed this user while you were editing. Close the form, reload and try again.');
  }
  if (form.userId === actor.userId) {
    const keepsAdmin = form.userRoles.includes(ROLE.Administrator) && form.userCompanies.includes(activeCompanyId) && form.isActive;
    if (!keepsAdmin) throw refuse('You cannot remove your own administrator role or deactivate yourself');
  }

  // Name and phone belong to the person, not to one company: only they, or an administrator of
  // every company they belong to, may change them.
  const person = target.user;
  const personChanged =
    form.firstName !== (person.firstName ?? '') || form.lastName !== (person.lastName ?? '') || form.phoneNumber !== (person.phoneNumber ?? '');
  if (personChanged && form.userId !== actor.userId) {
    const theirs = await tx.select({ companyId: userCompanies.companyId }).from(userCompanies).where(eq(userCompanies.userId, form.userId));
    const elsewhere = theirs.filter((m) => !administered.includes(m.companyId)).length;
    if (elsewhere) throw refuse(personFieldsElsewhere(fullNameOf(person), elsewhere));
  }

  await tx
    .update(users)
    .set({ firstName: form.firstName, lastName: form.lastName, phoneNumber: form.phoneNumber, updatedOn: sql`now()` as any })
    .where(eq(users.id, form.userId));

  // Giving an applicant their first role here approves them: their start date defaults to that day.
  const [membership] = await tx
    .select({
      startDate: userCompanies.startDate,
      hadRole: sql<boolean>`exists (select 1 from ${userRoles} r where r.user_id = ${form.userId} and r.company_id = ${activeCompanyId})`,
    })
    .from(userCompanies)
    .where(and(eq(userCompanies.userId, form.userId), eq(userCompanies.companyId, activeCompanyId)));

  for (const companyId of administered) {
    if (form.userCompanies.includes(companyId)) {
      // A membership added here starts today.
      await tx.insert(userCompanies).values({ userId: form.userId, companyId, startDate: new Date().toISOString().slice(0, 10) }).onConflictDoNothing();
      await tx.delete(userRoles).where(and(eq(userRoles.userId, form.userId), eq(userRoles.companyId, companyId)));
      await tx.insert(userRoles).values(form.userRoles.map((roleId) => ({ userId: form.userId, companyId, roleId })));
    } else {
      await tx.delete(userCompanies).where(and(eq(userCompanies.userId, form.userId), eq(userCompanies.companyId, companyId)));
    }
  }
  if (form.userCompanies.includes(activeCompanyId)) {
    // An empty start date keeps the one already set; approving sets the approval date.
    const approved = !membership?.hadRole ? new Date().toISOString().slice(0, 10) : null;
    const startDate = form.startDate ?? membership?.startDate ?? approved;
    if (form.endDate && startDate && form.endDate < startDate) throw refuse('The end date must be on or after the start date');
    await tx
      .update(userCompanies)
      .set({
        unitNumber: form.unitNumber,
        serviceFee: String(form.serviceFee),
        serviceFeeType: form.serviceFeeType,
        isActive: form.isActive,
        startDate,
        endDate: form.endDate,
      })
      .where(and(eq(userCompanies.userId, form.userId), eq(userCompanies.companyId, activeCompanyId)));
  }

  const orphaned = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(
      and(
        inArray(companies.id, administered),
        sql`not exists (select 1 from user_roles r join user_companies m on m.user_id = r.user_id and m.company_id = r.company_id
          where r.company_id = ${companies.id} and r.role_id = ${ROLE.Administrator} and m.is_active)`,
      ),
    );
  if (orphaned.length) throw refuse(`${orphaned[0].name} would be left without an administrator`);
}
