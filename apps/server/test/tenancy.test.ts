import { CLOSE_CHECK_KINDS, ROLE } from '@haulboard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/access/guard';
import { createSession } from '../src/auth/sessions';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createTestApp, type TTestApp } from './helpers';
import { contractRoutes, fieldsOf } from './route-walk';
import { multipartBody } from './upload-route';

/**
 * The tenancy matrix. For every route that takes an id of company-owned data, an administrator of
 * Demo Freight alone sends Second Haul's id and a missing id: the two answers must be the same
 * (status and body), and nothing of Second Haul may change. A route whose schema has an id field
 * that this table does not list fails the last test, so new routes join the matrix.
 */

let t: TTestApp;
let cookie: string;
const MISSING = 2_000_000_000;
const ids = { company: 0, broker: 0, load: 0, week: 0, driver: 0, person: 0, cookie: 0, order: 0, expense: 0, import: 0, preset: 0, milesPreset: 0, preview: '' };
let own = { broker: 0, week: 0, load: 0, driver: 0 };

const rowsOf = (r: any) => (Array.isArray(r) ? r : r.rows) as any[];
const one = async (query: ReturnType<typeof sql>) => rowsOf(await t.db.execute(query))[0];

beforeAll(async () => {
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, env: { API_RATE_LIMIT: '0' } });
  const demo = t.ids.companies.demo;
  const second = t.ids.companies.second;
  // An administrator of Demo Freight only (the demo administrator runs both companies).
  const owner = await one(sql`insert into users (email, first_name, last_name) values ('owner@demo-only.test', 'Olive', 'Owner') returning id`);
  await t.db.execute(sql`insert into user_companies (user_id, company_id) values (${owner.id}, ${demo})`);
  await t.db.execute(sql`insert into user_roles (user_id, company_id, role_id) values (${owner.id}, ${demo}, ${ROLE.Administrator})`);
  cookie = `${SESSION_COOKIE}=${await createSession(t.db, owner.id, null)}`;

  ids.company = second;
  ids.broker = (await one(sql`select id from brokers where company_id = ${second} order by id limit 1`)).id;
  ids.load = (await one(sql`select id from loads where company_id = ${second} order by id limit 1`)).id;
  ids.week = (await one(sql`select week_id as id from loads where company_id = ${second} order by id limit 1`)).id;
  ids.driver = (
    await one(sql`select r.user_id as id from user_roles r where r.company_id = ${second} and r.role_id = ${ROLE.Driver}
      and not exists (select 1 from user_companies m where m.user_id = r.user_id and m.company_id = ${demo}) limit 1`)
  ).id;
  ids.person = t.ids.users['admin@second.haulboard.test'];
  await t.call({ method: 'POST', url: '/api/CookieAdmin', as: 'admin@second.haulboard.test', payload: { cookie: 'session-id=2', csrfToken: 't2', cookieSource: 'Second Haul' } });
  ids.cookie = (await one(sql`select id from company_cookies where company_id = ${second} limit 1`)).id;
  own = {
    broker: (await one(sql`select id from brokers where company_id = ${demo} and is_active order by id limit 1`)).id,
    week: (await one(sql`select week_id as id from loads where company_id = ${demo} order by id limit 1`)).id,
    load: (await one(sql`select id from loads where company_id = ${demo} order by id limit 1`)).id,
    driver: t.ids.users['driver@demo.haulboard.test'],
  };
  await t.call({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', as: 'admin@second.haulboard.test', payload: { origin: DALLAS, driver1: ids.driver } });
  ids.order = (await one(sql`select id from load_orders where company_id = ${second} limit 1`)).id;
  await t.call({ method: 'POST', url: '/api/Expense/AddUpdateExpense', as: 'admin@second.haulboard.test', payload: expenseForm({ expenseUserId: ids.driver }) });
  ids.expense = (await one(sql`select id from expenses where company_id = ${second} limit 1`)).id;
  // Second Haul's imports: one saved, one preview kept, one column-mapping preset.
  const fuelFile = 'Card #,Tran Date,Tran Time,Invoice,Unit,Driver Name,Odometer,Location Name,City,State/ Prov,Fees,Item,Unit Price,Disc PPU,Disc Cost,Qty,Disc Amt,Disc Type,Amt,DB,Currency\n7083050099990009,07/14/2025,06:42,004512,201,OLIVIA GRANT,412335,PILOT #436,AMARILLO,TX,0.00,ULSD,3.899,3.499,0.400,120.50,48.20,R,421.63,N,USD/Gallons\n';
  const upload = async (url: string, fields: Record<string, string>) => {
    const body = await multipartBody(fields, [{ field: 'files', name: 'fuel.csv', content: fuelFile }]);
    return t.call({ method: 'POST', url, payload: body.payload, headers: { 'content-type': body.contentType }, as: 'admin@second.haulboard.test' });
  };
  await upload('/api/Accounting/ImportFuel/', {});
  ids.import = (await one(sql`select id from imports where company_id = ${second} limit 1`)).id;
  ids.preview = (await upload('/api/Imports/Preview', { kind: 'fuel' })).body.previewId;
  await t.call({
    method: 'POST',
    url: '/api/Imports/Presets',
    as: 'admin@second.haulboard.test',
    payload: { kind: 'fuel', name: 'Second card', headers: ODD_FUEL_HEADERS, mapping: ODD_FUEL_MAPPING },
  });
  ids.preset = (await one(sql`select id from import_presets where company_id = ${second} and kind = 'fuel' limit 1`)).id;
  await t.call({
    method: 'POST',
    url: '/api/Imports/Presets',
    as: 'admin@second.haulboard.test',
    payload: { kind: 'miles', name: 'Second miles', headers: ODD_MILES_HEADERS, mapping: ODD_MILES_MAPPING },
  });
  ids.milesPreset = (await one(sql`select id from import_presets where company_id = ${second} and kind = 'miles' limit 1`)).id;
  expect(ids.milesPreset).toBeTruthy();
  // Second Haul's week closed, so reopening it from Demo Freight would have something to undo.
  await t.call({ method: 'POST', url: '/api/Settlement/CloseWeek', as: 'admin@second.haulboard.test', payload: { weekId: ids.week, confirmed: [...CLOSE_CHECK_KINDS] } });
});
afterAll(() => t.close());

/** Everything Second Haul owns, to compare before and after. */
async function secondHaul() {
  const c = ids.company;
  const tables = await Promise.all([
    t.db.execute(sql`select * from brokers where company_id = ${c} order by id`),
    t.db.execute(sql`select * from loads where company_id = ${c} order by id`),
    t.db.execute(sql`select d.* from load_drivers d join loads l on l.id = d.load_id where l.company_id = ${c} order by d.load_id, d.position`),
    t.db.execute(sql`select * from work_weeks where company_id = ${c} order by id`),
    t.db.execute(sql`select * from company_settings where company_id = ${c}`),
    t.db.execute(sql`select * from role_permissions where company_id = ${c} order by role_id, object_name`),
    t.db.execute(sql`select * from user_companies where company_id = ${c} order by user_id`),
    t.db.execute(sql`select * from user_roles where company_id = ${c} order by user_id, role_id`),
    t.db.execute(sql`select id, cookie_source, status, is_in_use, updated_on from company_cookies where company_id = ${c} order by id`),
    t.db.execute(sql`select * from load_orders where company_id = ${c} order by id`),
    t.db.execute(sql`select id, kind from order_events where company_id = ${c} order by id`),
    t.db.execute(sql`select * from expenses where company_id = ${c} order by id`),
    t.db.execute(sql`select * from imports where company_id = ${c} order by id`),
    t.db.execute(sql`select id, file_name, created_on from import_files where company_id = ${c} order by id`),
    t.db.execute(sql`select * from import_presets where company_id = ${c} order by id`),
    t.db.execute(sql`select * from fuel_transactions where company_id = ${c} order by id`),
    t.db.execute(sql`select * from ifta_rate_matrices where company_id = ${c} order by id`),
    t.db.execute(sql`select * from ifta_rates where company_id = ${c} order by id`),
    t.db.execute(sql`select * from settlement_closures where company_id = ${c} order by id`),
    t.db.execute(sql`select id, closure_id, user_id, revision from settlement_statements where company_id = ${c} order by id`),
    t.db.execute(sql`select u.id, u.first_name, u.last_name, u.phone_number from users u
      where exists (select 1 from user_companies m where m.user_id = u.id and m.company_id = ${c}) order by u.id`),
  ]);
  return JSON.stringify(tables.map(rowsOf));
}

const loadForm = (over: Record<string, unknown>) => ({
  loadId: 0,
  loadNumber: `TEN-${Math.random().toString(36).slice(2, 8)}`,
  brokerId: own.broker,
  loadStartDate: '2026-03-16T13:00:00.000Z',
  loadEndDate: '2026-03-17T20:30:00.000Z',
  weekId: own.week,
  originStateId: 45,
  originCity: 'Dallas',
  destinationStateId: 11,
  destinationCity: 'Atlanta',
  tripLength: 781,
  numberOfStops: 2,
  pricePerMile: 2.35,
  loadStatusId: 1,
  loadDrivers: [],
  ...over,
});
const brokerForm = (over: Record<string, unknown>) => ({
  brokerName: 'Tenancy Probe',
  brokerAddress: '1 Main St',
  brokerCity: 'Dallas',
  brokerStateId: 45,
  brokerZipCode: '75201',
  phoneNumber: '2145550199',
  email: 'probe@example.com',
  ...over,
});
const expenseForm = (over: Record<string, unknown>) => ({
  expenseTypeId: 1,
  expenseName: 'Tenancy probe insurance',
  amount: '85.00',
  frequencyTypeId: 2,
  expenseStartDate: '2026-03-02',
  ...over,
});
const userForm = (over: Record<string, unknown>) => ({
  userId: ids.person,
  firstName: 'Taylor',
  lastName: 'Brooks',
  phoneNumber: '2145550100',
  userRoles: [1],
  userCompanies: [t.ids.companies.demo],
  ...over,
});

/** A multipart upload: its text parts and one file under the route's file field. */
type TForm = { fields: Record<string, string>; file: { field: string; name: string; content: string } };
type TProbe = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown; form?: TForm };
/**
 * Files in a layout only Second Haul's presets read: with Second Haul's preset (by id, or
 * recognised) the file would read differently than with a missing one.
 */
const ODD_FUEL_HEADERS = ['When', 'Truck', 'Where', 'Gal', 'Paid', 'Product'];
const ODD_FUEL_MAPPING = { date: 'When', unit: 'Truck', state: 'Where', quantity: 'Gal', amount: 'Paid', product: 'Product' };
const ODD_FUEL = 'When,Truck,Where,Gal,Paid,Product\n2025-08-01,101,TX,100.5,380.10,Diesel\n';
const ODD_MILES_HEADERS = ['Truck', 'Where', 'How Far', 'When'];
const ODD_MILES_MAPPING = { unit: 'Truck', jurisdiction: 'Where', totalMiles: 'How Far', date: 'When' };
const ODD_MILES = 'Truck,Where,How Far,When\n101,TX,10,2025-07-01\n';
/** An upload probe: the route's text parts and one file under its file field. */
const uploadProbe = (url: string, fields: Record<string, string>, fileField = 'files', content = ODD_FUEL): TProbe => ({
  method: 'POST',
  url,
  form: { fields, file: { field: fileField, name: 'probe.csv', content } },
});
/** For each route and each company-scoped id it takes: the request with a given id. */
const CASES: Record<string, Record<string, (id: number) => TProbe>> = {
  'users.updateUserInformation': {
    userId: (id) => ({ method: 'POST', url: '/api/auth/UpdateUserInformation', payload: userForm({ userId: id }) }),
    userCompanies: (id) => ({
      method: 'POST',
      url: '/api/auth/UpdateUserInformation',
      payload: userForm({ userId: t.ids.users['driver@demo.haulboard.test'], firstName: 'Sam', lastName: 'Carter', phoneNumber: '5125550102', userRoles: [3], userCompanies: [id] }),
    }),
  },
  'auth.changeUserCompany': { value: (id) => ({ method: 'POST', url: '/api/Auth/ChangeUserCompany', payload: { label: 'x', value: id } }) },
  'lookups.getBrokerList': { includeId: (id) => ({ method: 'GET', url: `/api/Lookup/GetBrokerList?includeId=${id}` }) },
  'brokers.addUpdateBroker': { brokerId: (id) => ({ method: 'POST', url: '/api/Broker/AddUpdateBroker', payload: brokerForm({ brokerId: id }) }) },
  'brokers.deleteBroker': { brokerId: (id) => ({ method: 'DELETE', url: `/api/Broker/DeleteBroker?brokerId=${id}` }) },
  'loads.getFilteredLoads': {
    weekId: (id) => ({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: { weekId: id } }),
    driverId: (id) => ({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: { driverId: id } }),
  },
  'loads.getFilteredLoadsPage': {
    weekId: (id) => ({ method: 'POST', url: '/api/Load/GetFilteredLoadsPage', payload: { weekId: id } }),
    driverId: (id) => ({ method: 'POST', url: '/api/Load/GetFilteredLoadsPage', payload: { driverId: id } }),
  },
  'loads.getLoadHistory': { weekId: (id) => ({ method: 'POST', url: '/api/Load/GetLoadHistory', payload: { weekId: id } }) },
  'loads.getLoadHistoryPage': { weekId: (id) => ({ method: 'POST', url: '/api/Load/GetLoadHistoryPage', payload: { weekId: id } }) },
  'loads.addUpdateLoad': {
    loadId: (id) => ({ method: 'POST', url: '/api/Load/AddUpdateLoad', payload: loadForm({ loadId: id }) }),
    brokerId: (id) => ({ method: 'POST', url: '/api/Load/AddUpdateLoad', payload: loadForm({ brokerId: id }) }),
    weekId: (id) => ({ method: 'POST', url: '/api/Load/AddUpdateLoad', payload: loadForm({ weekId: id }) }),
    loadDrivers: (id) => ({ method: 'POST', url: '/api/Load/AddUpdateLoad', payload: loadForm({ loadDrivers: [id] }) }),
  },
  'loads.deleteLoad': { id: (id) => ({ method: 'DELETE', url: `/api/Load?id=${id}` }) },
  'cookies.saveCookie': {
    companyCookieId: (id) => ({ method: 'POST', url: '/api/CookieAdmin', payload: { companyCookieId: id, cookie: 'a=b', csrfToken: 't', cookieSource: 'probe' } }),
  },
  'cookies.deleteCookie': { Id: (id) => ({ method: 'DELETE', url: `/api/CookieAdmin?Id=${id}` }) },
  'loadOrders.placeOrder': {
    loadOrderId: (id) => ({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', payload: { loadOrderId: id, origin: DALLAS, driver1: own.driver } }),
    driver1: (id) => ({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', payload: { origin: DALLAS, driver1: id } }),
    driver2: (id) => ({ method: 'POST', url: '/api/LoadOrder/PlaceOrder', payload: { origin: DALLAS, driver1: own.driver, driver2: id } }),
  },
  'loadOrders.cancelOrder': { id: (id) => ({ method: 'DELETE', url: `/api/LoadOrder?id=${id}` }) },
  'loadOrders.getOrderTimeline': { id: (id) => ({ method: 'GET', url: `/api/LoadOrder/Timeline?id=${id}` }) },
  'fuel.getFuel': { weekId: (id) => ({ method: 'POST', url: '/api/Accounting/GetFuel', payload: { weekId: id } }) },
  'fuel.getFuelTotals': { weekId: (id) => ({ method: 'POST', url: '/api/Accounting/GetFuelTotals', payload: { weekId: id } }) },
  'fuel.getIftaMiles': { weekId: (id) => ({ method: 'POST', url: '/api/Accounting/GetIftaMiles', payload: { weekId: id } }) },
  'fuel.getIftaReport': {
    weekId: (id) => ({ method: 'POST', url: '/api/Accounting/GetIftaReport', payload: { weekId: id } }),
    driverIdList: (id) => ({ method: 'POST', url: '/api/Accounting/GetIftaReport', payload: { driverIdList: [id] } }),
  },
  'fuel.getIftaReportSummary': {
    weekId: (id) => ({ method: 'POST', url: '/api/Accounting/GetIftaReportSummary', payload: { weekId: id } }),
    driverIdList: (id) => ({ method: 'POST', url: '/api/Accounting/GetIftaReportSummary', payload: { driverIdList: [id] } }),
  },
  'driverDashboard.getDriversGrossIncome': {
    week: (id) => ({ method: 'GET', url: `/api/DriverDashboard/GetDriversGrossIncome?week=${id}` }),
    driverId: (id) => ({ method: 'GET', url: `/api/DriverDashboard/GetDriversGrossIncome?driverId=${id}` }),
  },
  'expenses.addUpdateExpense': {
    companyExpenseId: (id) => ({ method: 'POST', url: '/api/Expense/AddUpdateExpense', payload: expenseForm({ companyExpenseId: id }) }),
    expenseUserId: (id) => ({ method: 'POST', url: '/api/Expense/AddUpdateExpense', payload: expenseForm({ expenseUserId: id }) }),
  },
  'imports.confirm': { previewId: (id) => ({ method: 'POST', url: '/api/Imports/Confirm', payload: { previewId: String(id) } }) },
  'imports.report': { previewId: (id) => ({ method: 'GET', url: `/api/Imports/Report?previewId=${id}` }) },
  'invoices.confirmInvoice': { previewId: (id) => ({ method: 'POST', url: '/api/Accounting/ImportInvoice/Confirm', payload: { previewId: String(id) } }) },
  'imports.undo': { id: (id) => ({ method: 'DELETE', url: `/api/Imports?id=${id}` }) },
  'imports.deletePreset': { id: (id) => ({ method: 'DELETE', url: `/api/Imports/Presets?id=${id}` }) },
  'settlements.getStatement': {
    weekId: (id) => ({ method: 'GET', url: `/api/Settlement/Statement?weekId=${id}&driverId=${own.driver}` }),
    driverId: (id) => ({ method: 'GET', url: `/api/Settlement/Statement?weekId=${own.week}&driverId=${id}` }),
  },
  'settlements.getStatementPdf': {
    weekId: (id) => ({ method: 'GET', url: `/api/Settlement/StatementPdf?weekId=${id}&driverId=${own.driver}` }),
    driverId: (id) => ({ method: 'GET', url: `/api/Settlement/StatementPdf?weekId=${own.week}&driverId=${id}` }),
  },
  'settlements.getWeek': { weekId: (id) => ({ method: 'GET', url: `/api/Settlement/Week?weekId=${id}` }) },
  'settlements.getWeekPdf': { weekId: (id) => ({ method: 'GET', url: `/api/Settlement/WeekPdf?weekId=${id}` }) },
  'settlements.getCloseChecklist': { weekId: (id) => ({ method: 'GET', url: `/api/Settlement/CloseChecklist?weekId=${id}` }) },
  'settlements.closeWeek': { weekId: (id) => ({ method: 'POST', url: '/api/Settlement/CloseWeek', payload: { weekId: id, confirmed: [...CLOSE_CHECK_KINDS] } }) },
  'settlements.reopenWeek': { weekId: (id) => ({ method: 'POST', url: '/api/Settlement/ReopenWeek', payload: { weekId: id } }) },
  'loadSearch.search': { weekId: (id) => ({ method: 'POST', url: '/api/LoadSearch/Search', payload: { weekId: id, origin: DALLAS, radius: 50 } }) },
  'invoices.importInvoiceFromBoard': { weekId: (id) => ({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId: id } }) },
  'invoices.compareInvoice': { weekId: (id) => ({ method: 'GET', url: `/api/Accounting/CompareInvoice?weekId=${id}` }) },
  'invoices.compareInvoiceCsv': { weekId: (id) => ({ method: 'GET', url: `/api/Accounting/CompareInvoice/Export?weekId=${id}` }) },
  'loadImport.getLoadImport': { id: (id) => ({ method: 'GET', url: `/api/Accounting?id=${id}` }) },
  'loadImport.saveImportedLoads': {
    loadId: (id) => ({ method: 'POST', url: '/api/Accounting/SaveImportedLoads', payload: { loads: [loadForm({ loadId: id, payout: 1835.35 })] } }),
    brokerId: (id) => ({
      method: 'POST',
      url: '/api/Accounting/SaveImportedLoads',
      payload: { loads: [loadForm({ brokerId: 0, brokerRead: 'Unknown Freight', payout: 1835.35 })], brokers: [{ name: 'Unknown Freight', brokerId: id }] },
    }),
    weekId: (id) => ({ method: 'POST', url: '/api/Accounting/SaveImportedLoads', payload: { loads: [loadForm({ weekId: id, payout: 1835.35 })] } }),
    loadDrivers: (id) => ({ method: 'POST', url: '/api/Accounting/SaveImportedLoads', payload: { loads: [loadForm({ loadDrivers: [id], payout: 1835.35 })] } }),
    driverId: (id) => ({
      method: 'POST',
      url: '/api/Accounting/SaveImportedLoads',
      payload: { loads: [loadForm({ loadDrivers: [], driverRead: 'Nobody Here', payout: 1835.35 })], drivers: [{ name: 'Nobody Here', driverId: id }] },
    }),
  },
  'expenses.deleteExpense': { id: (id) => ({ method: 'DELETE', url: `/api/Expense?id=${id}` }) },
  // Upload routes: their ids come as form fields.
  'invoices.importInvoice': { WeekId: (id) => uploadProbe('/api/Accounting/ImportInvoice/', { WeekId: String(id) }, 'File') },
  'invoices.previewInvoice': { WeekId: (id) => uploadProbe('/api/Accounting/ImportInvoice/Preview', { WeekId: String(id) }, 'File') },
  'loadImport.uploadTrips': {
    WeekId: (id) => uploadProbe('/api/Accounting/UploadTrips', { WeekId: String(id) }, 'File'),
    presetId: (id) => uploadProbe('/api/Accounting/UploadTrips', { WeekId: String(own.week), presetId: String(id) }, 'File'),
  },
  'imports.preview': { presetId: (id) => uploadProbe('/api/Imports/Preview', { kind: 'fuel', presetId: String(id) }) },
  'imports.importFuel': { presetId: (id) => uploadProbe('/api/Accounting/ImportFuel/', { presetId: String(id) }) },
  'imports.importIftaMiles': { presetId: (id) => uploadProbe('/api/Accounting/ImportIftaMiles/', { Year: '2025', Quarter: '3', presetId: String(id) }, 'files', ODD_MILES) },
};
const DALLAS = { label: 'DALLAS, TX', latitude: 32.7767, longitude: -96.797 };

/** Which of Second Haul's ids each field takes. */
const FOREIGN: Record<string, () => number> = {
  userId: () => ids.person,
  userCompanies: () => ids.company,
  value: () => ids.company,
  includeId: () => ids.broker,
  brokerId: () => ids.broker,
  weekId: () => ids.week,
  week: () => ids.week,
  driverId: () => ids.driver,
  driverIdList: () => ids.driver,
  loadId: () => ids.load,
  loadDrivers: () => ids.driver,
  id: () => ids.load,
  companyCookieId: () => ids.cookie,
  loadOrderId: () => ids.order,
  driver1: () => ids.driver,
  driver2: () => ids.driver,
  Id: () => ids.cookie,
  companyExpenseId: () => ids.expense,
  expenseUserId: () => ids.driver,
  WeekId: () => ids.week,
  presetId: () => ids.preset,
  'imports.importIftaMiles.presetId': () => ids.milesPreset,
  /** Fields whose name other routes use for other data. */
  'expenses.deleteExpense.id': () => ids.expense,
  'imports.undo.id': () => ids.import,
  'loadImport.getLoadImport.id': () => ids.week,
  'imports.deletePreset.id': () => ids.preset,
  /** A preview id is a UUID, not a number: the probe sends it as text either way. */
  previewId: () => ids.preview as unknown as number,
};

/** Id fields that name no company's data: shared reference lists, or a choice any person may make. */
const NOT_COMPANY_SCOPED: Record<string, string> = {
  'auth.updateUserCompany.companyId': 'registration: a newcomer may apply to any company',
  'auth.updateUserCompany.userId': 'ignored: the person comes from the session',
  'loadOrders.getCities.value': 'the city text typed, not an id',
  // The stream's company is the session's; load-order-events.test.ts shows another company's alerts never arrive.
  'loadOrders.orderEvents.lastEventId': "a cursor into the session company's own events: another company's id only moves it",
};
const GLOBAL_FIELDS = new Set(['stateId', 'originStateId', 'destinationStateId', 'brokerStateId', 'loadStatusId', 'roleId', 'expenseTypeId', 'frequencyTypeId']);
const ID_FIELD = /(^id$|Id$|Ids$|IdList$|^loadDrivers$|^userCompanies$|^value$|^driver\d$)/;

/** A preview's id is new each time: answers are compared without it. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const send = async (p: TProbe) => {
  const form = p.form ? await multipartBody(p.form.fields, [p.form.file]) : null;
  const res = await t.app.inject({
    method: p.method,
    url: p.url,
    payload: form ? form.payload : (p.payload as any),
    headers: form ? { cookie, 'content-type': form.contentType } : { cookie },
  });
  return { status: res.statusCode, body: res.body.replace(UUID, '<uuid>') };
};

describe("tenancy matrix: another company's id answers like a missing one and changes nothing", () => {
  for (const [route, fields] of Object.entries(CASES)) {
    for (const [field, probe] of Object.entries(fields)) {
      it(`${route} with Second Haul's ${field}`, async () => {
        const before = await secondHaul();
        const foreign = await send(probe((FOREIGN[`${route}.${field}`] ?? FOREIGN[field])()));
        const missing = await send(probe(MISSING));
        expect(foreign.status).toBeLessThan(500);
        expect(foreign).toEqual(missing);
        expect(await secondHaul()).toEqual(before);
      });
    }
  }

  it('lists every route with an id of company data, in its body, its query or its upload form', () => {
    const unlisted: string[] = [];
    for (const { key, def } of contractRoutes()) {
      for (const field of [...fieldsOf(def.body), ...fieldsOf(def.query), ...fieldsOf(def.upload?.fields)]) {
        if (!ID_FIELD.test(field) || GLOBAL_FIELDS.has(field) || NOT_COMPANY_SCOPED[`${key}.${field}`]) continue;
        if (!CASES[key]?.[field]) unlisted.push(`${key}.${field}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('still answers the own company: the probes reach the data they guard', async () => {
    expect((await send({ method: 'POST', url: '/api/Load/GetFilteredLoads', payload: { weekId: own.week } })).body).toContain('"loadId"');
    expect((await send({ method: 'DELETE', url: `/api/Load?id=${own.load}` })).status).toBe(200);
    // The upload probes reach the checks they guard: the own week and the own preset answer otherwise than missing ones.
    for (const probe of [CASES['loadImport.uploadTrips'].WeekId, CASES['invoices.importInvoice'].WeekId]) {
      expect(await send(probe(own.week))).not.toEqual(await send(probe(MISSING)));
    }
    // The probe files are read once a company has their preset: Second Haul's is never Demo Freight's.
    await send({ method: 'POST', url: '/api/Imports/Presets', payload: { kind: 'fuel', name: 'Demo card', headers: ODD_FUEL_HEADERS, mapping: ODD_FUEL_MAPPING } });
    const ownPreset = (await one(sql`select id from import_presets where company_id = ${t.ids.companies.demo} and kind = 'fuel' limit 1`)).id;
    const read = await send(CASES['imports.preview'].presetId(ownPreset));
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({ newRows: 1 });
  });
});

describe('IFTA return: rates and settings are per company (the routes take no id)', () => {
  const matrix = (rate: string) => `Jurisdiction,Country,Gasoline,Special Diesel\r\nTEXAS #43,U.S.,$ 0.2000 ,$ ${rate} \r\n,Can,$ 0.0690 ,$ 0.0690 \r\n`;
  const uploadAs = async (headers: Record<string, string>, rate: string) => {
    const body = await multipartBody({ Year: '2025', Quarter: '3' }, [{ field: 'file', name: 'rates.csv', content: matrix(rate) }]);
    return t.app.inject({ method: 'POST', url: '/api/Accounting/UploadIftaRates', payload: body.payload, headers: { ...headers, 'content-type': body.contentType } });
  };

  it("Second Haul's upload and settings never reach Demo Freight's worksheet, and Demo's change nothing of Second Haul's", async () => {
    const secondCookie = await t.loginAs('admin@second.haulboard.test');
    expect((await uploadAs({ cookie: secondCookie }, '0.3333')).statusCode).toBe(200);
    await t.call({ method: 'POST', url: '/api/Accounting/IftaReturnSettings', as: 'admin@second.haulboard.test', payload: { mpgRounding: 'trunc2', gallonsRounding: 'thousandths', iftaAccountNumber: 'SECOND-1' } });
    const before = await secondHaul();
    const ownWorksheet = await send({ method: 'POST', url: '/api/Accounting/GetIftaReturn', payload: { year: 2025, quarter: 3 } });
    expect(JSON.parse(ownWorksheet.body)).toMatchObject({ rates: null, iftaAccountNumber: null, settings: { mpgRounding: 'round2' } });
    expect((await uploadAs({ cookie }, '0.1111')).statusCode).toBe(200);
    await send({ method: 'POST', url: '/api/Accounting/IftaReturnSettings', payload: { mpgRounding: 'round2', gallonsRounding: 'whole', iftaAccountNumber: 'DEMO-1' } });
    expect(await secondHaul()).toEqual(before);
    const second = await t.call({ method: 'POST', url: '/api/Accounting/GetIftaReturn', as: 'admin@second.haulboard.test', payload: { year: 2025, quarter: 3 } });
    expect(second.body).toMatchObject({ iftaAccountNumber: 'SECOND-1', rates: { jurisdictions: 1 } });
  });
});

