import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { APP_HEADERS } from './api';
import { networkQuiet } from './network';
import { visible } from './page-state';
import { screenshotsDir, shoot, themeOf } from './shoot';

/**
 * Helpers for the issue #3 board pages: MUI selects, toasts, the load board's filters and dialog,
 * and a few direct API calls for setting up data the pages then show.
 */

export type TToastKind = 'success' | 'error' | 'info';

/** Waits for a toast of that kind (react-toastify's colours) holding the text; returns it. */
export function toast(page: Page, text: string | RegExp, kind: TToastKind = 'success', timeout = 20_000) {
  return visible(page.locator(`.Toastify__toast--${kind}`).filter({ hasText: text }), timeout);
}

/** Closes every toast on screen (each has a close button), so the next check sees only new ones. */
export async function dismissToasts(page: Page) {
  const buttons = page.locator('.Toastify__toast button[aria-label="close"]');
  for (let i = await buttons.count(); i > 0; i--) await buttons.first().click({ timeout: 2_000 }).catch(() => {});
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
}

/**
 * An MUI select (a TextField with `select`): its combobox's name is its label followed by the
 * value shown, so the label is matched at the start.
 */
export function selectBox(scope: Page | Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('combobox', { name: new RegExp(`^${escaped}\\b`) });
}

/** Opens an MUI select by its label and picks one option (exact text, or a pattern). */
export async function pick(page: Page, scope: Page | Locator, label: string, option: string | RegExp) {
  await selectBox(scope, label).click();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor();
  await listbox.getByRole('option', { name: option, exact: typeof option === 'string' ? true : undefined }).first().click();
  await listbox.waitFor({ state: 'detached' });
}

/** The text an MUI select shows for its value. */
export async function selectedText(scope: Page | Locator, label: string) {
  return ((await selectBox(scope, label).textContent()) ?? '').trim();
}

export type TWeek = { weekId: number; number: number; startDate: string; endDate: string; label: string };

/** The company's work weeks of a year, as the lookup the pages use lists them. */
export async function workWeeks(page: Page, year: number): Promise<TWeek[]> {
  const res = await page.request.get(`/api/Lookup/GetWorkWeekList?year=${year}`);
  if (!res.ok()) throw new Error(`GetWorkWeekList answered ${res.status()}: ${await res.text()}`);
  const items = (await res.json()) as { label: string; value: number }[];
  return items.map((item) => {
    const m = /^Week\s+(\d+)\s*\((\d{2})\/(\d{2})\/(\d{4})\s*-\s*(\d{2})\/(\d{2})\/(\d{4})\)/.exec(item.label);
    if (!m) throw new Error(`Unexpected week label ${item.label}`);
    return { weekId: item.value, number: Number(m[1]), startDate: `${m[4]}-${m[2]}-${m[3]}`, endDate: `${m[7]}-${m[5]}-${m[6]}`, label: item.label };
  });
}

/** The work week holding a calendar day ('YYYY-MM-DD'). */
export async function weekOn(page: Page, day: string): Promise<TWeek> {
  const week = (await workWeeks(page, Number(day.slice(0, 4)))).find((w) => w.startDate <= day && day <= w.endDate);
  if (!week) throw new Error(`No work week holds ${day}`);
  return week;
}

/** Today in the browser's time zone ('YYYY-MM-DD'). */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

/** Resolves once the board has written its filter to the URL and its first page has arrived. */
export async function boardReady(page: Page) {
  await page.waitForURL((url) => url.pathname === '/app/loadboard' && url.searchParams.has('weekId'));
  await visible(page.getByTestId('board-total'));
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' }).catch(() => {});
}

/** Opens the load board with a query (or the default filter: this week) and waits for it. */
export async function openBoard(page: Page, query = '') {
  await page.goto(`/app/loadboard${query ? `?${query}` : ''}`);
  await boardReady(page);
}

/** The pagination label of a table or of the cards ('1–100 of 321'). */
export async function paginationLabel(scope: Page | Locator) {
  return ((await scope.locator('.MuiTablePagination-displayedRows').last().textContent()) ?? '').trim();
}

/** A row of the loads table holding this load number (as its own text, not a longer number). */
export function loadRow(page: Page, loadNumber: string) {
  return page
    .getByRole('table', { name: 'Loads' })
    .getByRole('row')
    .filter({ has: page.getByText(loadNumber, { exact: true }) });
}

export type TLoadFields = {
  loadNumber: string;
  status: string;
  broker: string;
  /** 'YYYY-MM-DDTHH:mm' in the browser's zone. */
  start: string;
  end: string;
  originCity: string;
  originState: string;
  destinationCity: string;
  destinationState: string;
  miles: string;
  stops: string;
  pricePerMile: string;
  /** The driver select's option ('103 - James Whitfield'). */
  driver?: string;
  comments?: string;
};

/** The load dialog (add, edit or view), found by its title. */
export function loadDialog(page: Page, title: string | RegExp) {
  return page.getByRole('dialog', { name: title });
}

/** Fills the load dialog's fields that are given. */
export async function fillLoad(page: Page, dialog: Locator, fields: Partial<TLoadFields>) {
  const text = async (id: string, value: string | undefined) => {
    if (value === undefined) return;
    await dialog.locator(`#${id}`).fill(value);
  };
  await text('load-loadNumber', fields.loadNumber);
  if (fields.status) await pick(page, dialog, 'Status', fields.status);
  if (fields.broker) await pick(page, dialog, 'Broker', fields.broker);
  await text('load-loadStartDate', fields.start);
  await text('load-loadEndDate', fields.end);
  await text('load-originCity', fields.originCity);
  if (fields.originState) await pick(page, dialog, 'Origin state', fields.originState);
  await text('load-destinationCity', fields.destinationCity);
  if (fields.destinationState) await pick(page, dialog, 'Destination state', fields.destinationState);
  await text('load-tripLength', fields.miles);
  await text('load-numberOfStops', fields.stops);
  await text('load-pricePerMile', fields.pricePerMile);
  if (fields.driver) await pick(page, dialog, 'Driver', fields.driver);
  await text('load-comments', fields.comments);
}

/** Opens the edit dialog of a load from its row's Edit button. */
export async function openLoadEditor(page: Page, loadNumber: string) {
  const row = loadRow(page, loadNumber);
  await visible(row);
  await row.getByRole('button', { name: `Edit load ${loadNumber}` }).click();
  const dialog = loadDialog(page, `Edit load ${loadNumber}`);
  await visible(dialog);
  // The form is ready once its lookups have filled the selects.
  await visible(selectBox(dialog, 'Broker').filter({ hasText: /\w/ }));
  return dialog;
}

/** The body AddUpdateLoad takes, for loads a test needs but does not type in. */
export type TLoadBody = {
  loadId?: number;
  loadNumber: string;
  brokerId: number;
  loadStartDate: string;
  loadEndDate: string;
  weekId: number;
  originStateId: number;
  originCity: string;
  destinationStateId: number;
  destinationCity: string;
  tripLength: number;
  numberOfStops: number;
  pricePerMile: number;
  payout: number;
  loadStatusId: number;
  loadDrivers: number[];
  isDispute?: boolean;
  comments?: string | null;
};

/** Adds loads through the API with the page's session, a few at a time; throws on the first refusal. */
export async function addLoadsViaApi(page: Page, bodies: TLoadBody[], concurrency = 4) {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const res = await page.request.post('/api/Load/AddUpdateLoad', { data: { loadId: 0, ...body }, headers: APP_HEADERS });
      const text = await res.text();
      if (!res.ok() || text.startsWith('ERROR')) throw new Error(`AddUpdateLoad ${body.loadNumber} answered ${res.status()}: ${text}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** A lookup list ('/api/Lookup/<name>') as label/value pairs. */
export async function lookup(page: Page, name: string): Promise<{ label: string; value: number }[]> {
  const res = await page.request.get(`/api/Lookup/${name}`);
  if (!res.ok()) throw new Error(`${name} answered ${res.status()}: ${await res.text()}`);
  return res.json();
}

/** One page of the board as the server answers it (to compare what the page shows with). */
export async function loadsPage(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/Load/GetFilteredLoadsPage', { data: body, headers: APP_HEADERS });
  if (!res.ok()) throw new Error(`GetFilteredLoadsPage answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { rows: { loadNumber: string; loadDriverNames: string }[]; total: number; totalPayout: string };
}

/** Parses CSV text (quotes, doubled quotes, CRLF) into rows of cells; a leading BOM is dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Back to the top, the pointer off any control (no hover tooltip), before a picture. */
async function settle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()?.width ?? 0;
  await page.mouse.move(width - 1, 1);
  await page.waitForTimeout(200);
}

/** The harness's full-page shoot(), from the top of the page and with no tooltip showing. */
export async function shootPage(page: Page, name: string) {
  await settle(page);
  return shoot(page, name);
}

/**
 * shoot() for a page whose list renders only what is near the screen (the window-virtualised
 * cards): the viewport is made as tall as the page first, so the picture holds every card.
 */
export async function shootWhole(page: Page, name: string) {
  await settle(page);
  const original = page.viewportSize()!;
  const needed = () =>
    page.evaluate(() => {
      const main = document.querySelector('main') ?? document.body;
      let bottom = 0;
      for (const el of main.querySelectorAll('*')) bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
      return Math.ceil(bottom + window.scrollY + 24);
    });
  try {
    // Cards are measured as they render, so the height settles after a round or two.
    for (let i = 0; i < 4; i++) {
      const height = Math.min(Math.max(await needed(), original.height), 20_000);
      if (height === page.viewportSize()!.height) break;
      await page.setViewportSize({ width: original.width, height });
      await page.waitForTimeout(250);
    }
    return await shoot(page, name);
  } finally {
    await page.setViewportSize(original);
  }
}

/** What the screen shows, no more (a dialog over the page): named like shoot()'s pictures. */
export async function shootScreen(page: Page, name: string) {
  await page.mouse.move((page.viewportSize()?.width ?? 1) - 1, 1);
  const width = page.viewportSize()?.width ?? 0;
  const theme = await themeOf(page);
  fs.mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}-${width}-${theme}.png`);
  await networkQuiet(page);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300); // the dialog fades in
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}
