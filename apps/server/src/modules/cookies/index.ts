/** The company's sessions on the external load board, sealed by the vault. */
export { cookiesModule } from './routes';
export { openSessions, resealCookies } from './service';
