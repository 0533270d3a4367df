import type { TCurrentUser } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { roleName, type TRequestContext } from '../../access/context';
import type { TDbLike } from '../../db/client';
import { users } from '../../db/schema';

export const fullNameOf = (u: { firstName: string | null; lastName: string | null; displayName?: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.displayName || u.email;

/** Spec §3 "Current user", from a resolved request context. */
export function toCurrentUser(ctx: TRequestContext): TCurrentUser {
  const u = ctx.user;
  return {
    email: u.email,
    displayName: u.displayName,
    phoneNumber: u.phoneNumber,
    uid: u.uid,
    userId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName: fullNameOf(u),
    company: ctx.companyName,
    companyId: ctx.companyId,
    roleId: ctx.roleId,
    roleName: roleName(ctx.roleId),
    userCompanies: ctx.memberships.map((m) => ({ label: m.companyName, value: m.companyId })),
    userPermissibleObjects: ctx.permissions,
  };
}

type TClaims = { email: string; sub: string; name?: string; given_name?: string; family_name?: string };

/** The person behind a verified ID token: created on first sign-in, matched by email after. */
export async function upsertSignedInUser(db: TDbLike, claims: TClaims) {
  const email = claims.email.trim().toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      email,
      uid: claims.sub,
      displayName: claims.name ?? null,
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
      lastLoginDate: sql`now()` as any,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        uid: sql`excluded.uid`,
        displayName: sql`coalesce(excluded.display_name, ${users.displayName})`,
        firstName: sql`coalesce(${users.firstName}, excluded.first_name)`,
        lastName: sql`coalesce(${users.lastName}, excluded.last_name)`,
        lastLoginDate: sql`now()`,
      },
    })
    .returning();
  return user;
}
