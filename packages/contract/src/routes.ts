import { invoiceRoutes, loadImportRoutes } from './accounting';
import { authRoutes } from './auth';
import { brokerRoutes } from './brokers';
import { cookieRoutes } from './cookies';
import { driverDashboardRoutes } from './driver-dashboard';
import { expenseRoutes } from './expenses';
import { fuelRoutes, milesEditRoutes } from './fuel';
import { healthRoutes } from './health';
import { iftaReturnRoutes } from './ifta-return';
import { importRoutes } from './imports';
import { loadOrderRoutes } from './load-orders';
import { loadSearchRoutes } from './load-search';
import { loadRoutes } from './loads';
import { lookupRoutes } from './lookups';
import { permissionRoutes } from './permissions';
import { settingsRoutes } from './settings';
import { settlementRoutes } from './settlements';
import { userRoutes } from './users';
import { workWeekRoutes } from './work-weeks';

/** Every route of the API by domain: the server registers them, the suites walk them. */
export const routesByDomain = {
  health: healthRoutes,
  auth: authRoutes,
  users: userRoutes,
  lookups: lookupRoutes,
  brokers: brokerRoutes,
  loads: loadRoutes,
  workWeeks: workWeekRoutes,
  settings: settingsRoutes,
  permissions: permissionRoutes,
  cookies: cookieRoutes,
  loadOrders: loadOrderRoutes,
  loadSearch: loadSearchRoutes,
  fuel: fuelRoutes,
  milesEdit: milesEditRoutes,
  iftaReturn: iftaReturnRoutes,
  driverDashboard: driverDashboardRoutes,
  expenses: expenseRoutes,
  imports: importRoutes,
  settlements: settlementRoutes,
  invoices: invoiceRoutes,
  loadImport: loadImportRoutes,
} as const;
