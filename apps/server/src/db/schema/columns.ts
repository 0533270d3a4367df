import { timestamp } from 'drizzle-orm/pg-core';

/** Audit times, kept as PostgreSQL's text so versions compare exactly (updated_on is the row version). */
export const createdOn = () => timestamp('created_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedOn = () => timestamp('updated_on', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
