import type { Page } from 'playwright-core';
import { APP_HEADERS } from './api';

/** Spec §2 routes under /app and the §6 object that guards each, for reading the sidebar. */
export const OBJECT_OF_PATH: Record<string, string> = {
  '/app/dashboard-driver': 'DriverDashboardPage',
  '/app/load-history': 'LoadHistoryPage',
  '/app/loadboard': 'LoadBoardPage',
  '/app/user-admin': 'UserAdmin',
  '/app/broker-admin': 'BrokerAdmin',
  '/app/accounting/expenses': 'ExpenseAdminPage',
  '/app/accounting/settlements': 'DriverDashboardPage',
  '/app/accounting/load-import': 'LoadImportPage',
  '/app/accounting/payment-import': 'InvoiceImportPage',
  '/app/accounting/fuel-import': 'FuelImportPage',
  '/app/accounting/iftamiles-import': 'IftaMilesImportPage',
  '/app/accounting/ifta-report': 'IftaReportPage',
  '/app/relay/loadsearch': 'LoadSearchPage',
  '/app/relay/search-dashboard': 'SearchDashboardPage',
  '/app/relay/cookie-admin': 'CookieAdminPage',
  '/app/system-admin': 'SystemAdminPage',
};

export type TMenuEntry = { label: string; path: string };

/** The sidebar's menu (navigation 'Main menu'), with the System group unfolded. */
export async function readMenu(page: Page): Promise<TMenuEntry[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.waitFor({ state: 'attached' });
  const system = nav.getByRole('button', { name: 'System', expanded: false });
  if (await system.count()) {
    await system.click();
    await nav.getByRole('button', { name: 'System', expanded: true }).waitFor();
  }
  // The System group's Collapse animates open; entries are in the DOM from its first frame.
  return nav.locator('a[href]').evaluateAll((links) =>
    links.map((a) => ({ label: (a.textContent ?? '').trim(), path: new URL((a as HTMLAnchorElement).href).pathname })),
  );
}

export type TPermissionRow = { objectName: string; accessType: string; isMenuVisible: boolean };

/** The signed-in person as the server tells it (POST /api/Auth/GetUserDetails, with the page's cookies). */
export async function currentUser(page: Page) {
  const res = await page.request.post('/api/Auth/GetUserDetails', { data: {}, headers: APP_HEADERS });
  if (!res.ok()) throw new Error(`GetUserDetails answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as {
    email: string;
    fullName: string;
    company: string | null;
    companyId: number | null;
    roleId: number | null;
    roleName: string | null;
    userCompanies: { label: string; value: number }[];
    userPermissibleObjects: TPermissionRow[];
  };
}

/** The objects whose entries the menu must show for these permissions (spec §6 isMenuVisible). */
export function menuVisibleObjects(permissions: TPermissionRow[]) {
  return new Set(permissions.filter((p) => p.isMenuVisible).map((p) => p.objectName));
}
