/**
 * What the web app sends with every API call (see apps/web/src/lib/api-client.ts): a test that
 * calls the API from the page's request context sends it too. Without it (or from another origin)
 * the server refuses a state-changing request as forged.
 */
export const APP_HEADERS = { 'x-requested-with': 'haulboard' } as const;
