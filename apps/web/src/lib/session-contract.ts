/**
 * The part of the contract the session needs at run time: the sign-in route and the user's schema.
 * session.ts loads this module on demand, so zod and the schemas stay out of the first load
 * (docs/ARCHITECTURE.md, web: what stays out of the entry).
 */
export { authRoutes, ZCurrentUser } from '@haulboard/contract';
