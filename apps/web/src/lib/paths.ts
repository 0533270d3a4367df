/** Every route path, defined once and used by the router, the menu, the guards and links. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  inReview: '/application-in-review',
  notFound: '/404',
  app: '/app',
  appHome: '/app/home',
  userAdmin: '/app/user-admin',
  brokerAdmin: '/app/broker-admin',
  systemAdmin: '/app/system-admin',
  loadBoard: '/app/loadboard',
  loadHistory: '/app/load-history',
  weeklyPrintView: '/app/accounting/weekly-printview',
} as const;

/** The sign-in page, remembering where to come back to after signing in. */
export const loginPath = (returnTo?: string) =>
  returnTo && returnTo !== paths.home ? `${paths.login}?returnTo=${encodeURIComponent(returnTo)}` : paths.login;

/** A same-site path (never another origin) or '/'. */
export const safeReturnTo = (value: string | null | undefined) =>
  value && /^\/(?![/\\])/.test(value) ? value : paths.home;
