/** A person's display name: first and last name, else the provider's display name, else the email. */
export const fullNameOf = (u: { firstName: string | null; lastName: string | null; displayName?: string | null; email: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.displayName || u.email;
