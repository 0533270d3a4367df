/**
 * The header every request of the web app carries. A page on another origin (even another port or
 * subdomain of the same site) cannot add a custom header without a CORS preflight, which the server
 * never grants, so a state-changing API request without it did not come from the app.
 */
export const APP_REQUEST_HEADER = { name: 'x-requested-with', value: 'haulboard' } as const;
