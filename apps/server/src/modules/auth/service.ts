import type { TCurrentUser } from '@haulboard/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { roleName, type TRequestContext } from '../../access/context';
import type { TDbLike } from '../../db/client';
import { users } from '../../db/schema';
import { fullNameOf } from '../../lib/people';


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
    accessRemoved: ctx.accessRemoved,
  };
}

type TClaims = { email: string; sub: string; iss?: string; name?: string; given_name?: string; family_name?: string };

/** The email is another sign-in account's: the provider's subject for this person is a different one. */
export class SubjectMismatchError extends Error {}

/**
 * The person behind a verified ID token. Keyed on the provider's issuer and subject once known;
 * before that (people added before this was recorded, or by an administrator) matched by email
 * and then bound to the subject. A new person is created on first sign-in.
 */
export async function upsertSignedInUser(db: TDbLike, claims: TClaims, issuer: string) {
  const email = claims.email.trim().toLowerCase();
  const subject = `${claims.iss ?? issuer} ${claims.sub}`;
  const names = {
    uid: claims.sub,
    displayName: sql`coalesce(${claims.name ?? null}::text, ${users.displayName})`,
    firstName: sql`coalesce(${users.firstName}, ${claims.given_name ?? null}::text)`,
    lastName: sql`coalesce(${users.lastName}, ${claims.family_name ?? null}::text)`,
    lastLoginDate: sql`now()`,
  };
  const [known] = await db.select().from(users).where(eq(users.oidcSubject, subject)).limit(1);
  if (known) {
    // The provider's email for this person changed: follow it unless another person has it.
    const [taken] = email === known.email ? [] : await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    const [user] = await db
      .update(users)
      .set({ ...names, ...(email !== known.email && !taken ? { email } : {}) } as any)
      .where(eq(users.id, known.id))
      .returning();
    return user;
  }
  const [byEmail] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (byEmail) {
    if (byEmail.oidcSubject && byEmail.oidcSubject !== subject) throw new SubjectMismatchError(`${email} belongs to another sign-in account`);
    const [user] = await db
      .update(users)
      .set({ ...names, oidcSubject: subject } as any)
      .where(and(eq(users.id, byEmail.id), isNull(users.oidcSubject)))
      .returning();
    if (!user) throw new SubjectMismatchError(`${email} was bound to another sign-in account meanwhile`);
    return user;
  }
  const [user] = await db
    .insert(users)
    .values({
      email,
      uid: claims.sub,
      oidcSubject: subject,
      displayName: claims.name ?? null,
      firstName: claims.given_name ?? null,
      lastName: claims.family_name ?? null,
      lastLoginDate: sql`now()` as any,
    })
    .returning();
  return user;
}
