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
  driverDashboard: '/app/dashboard-driver',
  loadBoard: '/app/loadboard',
  loadHistory: '/app/load-history',
  weeklyPrintView: '/app/accounting/weekly-printview',
  expenses: '/app/accounting/expenses',
  settlements: '/app/accounting/settlements',
  loadImport: '/app/accounting/load-import',
  invoiceImport: '/app/accounting/payment-import',
  searchDashboard: '/app/relay/search-dashboard',
  cookieAdmin: '/app/relay/cookie-admin',
  fuelImport: '/app/accounting/fuel-import',
  iftaMilesImport: '/app/accounting/iftamiles-import',
  iftaReport: '/app/accounting/ifta-report',
  loadSearch: '/app/relay/loadsearch',
} as const;

/** The sign-in page, remembering where to come back to after signing in. */
export const loginPath = (returnTo?: string) =>
  returnTo && returnTo !== paths.home ? `${paths.login}?returnTo=${encodeURIComponent(returnTo)}` : paths.login;

/** A same-origin path (never another origin) or '/': the one rule, shared with the server. */
export { safeReturnTo } from '@haulboard/contract';
