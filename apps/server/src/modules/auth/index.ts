/** Sign-in, the session's user, registration with a company and company switching. */
export { authModule } from './routes';
export { toCurrentUser, upsertSignedInUser } from './service';
