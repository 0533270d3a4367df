import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { INVOICE_TEXT } from '@haulboard/contract';
import { DEMO_CREDENTIALS } from '@haulboard/loadboard-sim';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyCookies, invoiceLines, loadStatuses, loads, workWeeks } from '../src/db/schema';
import { BOARD_DEMO_STEPS } from '../src/db/seed/demo-board';
import { createBoardClient } from '../src/loadboard/client';
import { connectDemoCompany, DEMO_BOARD_PREFIX } from '../src/loadboard/demo-board';
import { demoBoardPlan, PLANTED_WEEKS, type TDemoBoardPlan } from '../src/loadboard/demo-history';
import { createVault } from '../src/loadboard/vault';
import { createTestApp, EMAIL, type TTestApp } from './helpers';
import { multipartBody } from './upload-route';

/**
 * Issue #11's demo data: the demo's load board holds Demo Freight's own loads, and differs from them
 * in each of the last full weeks by exactly a missing load, a short pay, a dispute, and the loads whose
 * last stop completes after the board's pay week (paid on the next invoice). Load Import and Invoice
 * Import, run over the board's own exports, find exactly these.
 */

let t: TTestApp;
let plan: TDemoBoardPlan;
let boardUrl = '';
const now = Date.now();
const vault = createVault(randomBytes(32));

beforeAll(async () => {
  // The server as demo mode runs it: the simulated board mounted inside it, Demo Freight connected to it.
  // Its public address is the one it listens on: the server sends any other host to it.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  t = await createTestApp({ steps: BOARD_DEMO_STEPS, demoBoard: true, vault, env: { PUBLIC_URL: url } });
  await t.app.listen({ port, host: '127.0.0.1' });
  expect(await connectDemoCompany(t.db, vault, url)).toBe(true);
  boardUrl = `${url}${DEMO_BOARD_PREFIX}`;
  plan = await demoBoardPlan(t.db, now);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const pacificDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });

/** The week's loads as Haulboard has them, straight from the table. */
async function weekLoads(weekStart: string) {
  const [week] = await t.db
    .select({ id: workWeeks.id })
    .from(workWeeks)
    .where(and(eq(workWeeks.companyId, t.ids.companies.demo), eq(workWeeks.startDate, weekStart)));
  const rows = await t.db
    .select({ loadNumber: loads.loadNumber, payout: loads.payout, end: loads.loadEndDate, status: loadStatuses.name })
    .from(loads)
    .innerJoin(loadStatuses, eq(loadStatuses.id, loads.loadStatusId))
    .where(and(eq(loads.companyId, t.ids.companies.demo), eq(loads.weekId, week.id)));
  return { weekId: week.id, rows: rows.map((r) => ({ ...r, end: new Date(r.end.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString() })) };
}

describe("the demo board's differences from Demo Freight's loads", () => {
  it('plants a missing load, a short pay and a dispute in each of the last full weeks, the same every time', async () => {
    expect(plan.planted).toHaveLength(PLANTED_WEEKS);
    const numbers = new Set((await t.db.select({ n: loads.loadNumber }).from(loads).where(eq(loads.companyId, t.ids.companies.demo))).map((r) => r.n));
    for (const w of plan.planted) {
      expect(w.missingLoad).not.toBeNull();
      expect(numbers.has(w.missingLoad!.loadNumber)).toBe(false);
      expect(w.shortPay).not.toBeNull();
      expect(w.dispute).not.toBeNull();
      expect(w.shortPay!.loadNumber).not.toBe(w.dispute!.loadNumber);
      // The short pay: what the board pays plus what it kept back is what Haulboard has.
      expect(Math.round(Number(w.shortPay!.paid) * 100) + Math.round(Number(w.shortPay!.shortBy) * 100)).toBe(Math.round(Number(w.shortPay!.boardPayout) * 100));
      expect(Number(w.dispute!.amount)).toBeLessThan(0);
    }
    // Deterministic: the same loads plan the same board.
    expect(await demoBoardPlan(t.db, now)).toEqual({ ...plan, companyId: t.ids.companies.demo });
  });

  it('Load Import, read live from the board, lists exactly the missing load as new and every other load of the week as existing', async () => {
    for (const w of plan.planted) {
      const { weekId, rows } = await weekLoads(w.weekStart);
      const res = await t.call({ method: 'GET', url: `/api/Accounting?id=${weekId}`, as: EMAIL.admin });
      expect(res.status).toBe(200);
      expect(res.body.source).toBe('the board');
      expect(res.body.newLoads.map((l: any) => [l.loadNumber, l.payout.toFixed(2)])).toEqual([[w.missingLoad!.loadNumber, w.missingLoad!.payout]]);
      const booked = rows.filter((r) => r.status !== 'Cancelled' && r.status !== 'TONU');
      expect(res.body.existingLoads.map((l: any) => l.loadNumber).sort()).toEqual(booked.map((r) => r.loadNumber).sort());
      // Same pay on both sides: no load carries a note about its payout.
      expect(res.body.existingLoads.filter((l: any) => /board's trip pays/.test(l.note ?? ''))).toEqual([]);
    }
  });

  it("Invoice Import of the board's payment details finds exactly the planted differences", async () => {
    const client = createBoardClient({ serviceUrl: boardUrl, session: DEMO_CREDENTIALS });
    let previousLate: string[] = [];
    for (const [i, w] of plan.planted.entries()) {
      const { weekId, rows } = await weekLoads(w.weekStart);
      let imported: { text: string };
      if (i % 2 === 0) {
        // Read live from the board.
        imported = await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId }, as: EMAIL.admin });
      } else {
        // The board's file, downloaded (as XLSX) and uploaded.
        const file = await client.exportPayments(w.payWeekStart, 'xlsx');
        const body = await multipartBody({ WeekId: String(weekId) }, [
          { field: 'File', name: `relay_payment_details_${w.payWeekEnd}.xlsx`, content: file, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        ]);
        imported = await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoice/', payload: body.payload, headers: { 'content-type': body.contentType }, as: EMAIL.admin });
      }
      expect(imported.text).toBe(INVOICE_TEXT.imported);
      // As on the real board, a trip's load line carries the board's Load ID, not the Trip ID (Haulboard's load number).
      const loadLines = await t.db
        .select({ tripId: invoiceLines.tripId, loadId: invoiceLines.loadId })
        .from(invoiceLines)
        .where(and(eq(invoiceLines.weekId, weekId), eq(invoiceLines.itemType, 'LOAD - COMPLETED')));
      expect(loadLines.length).toBeGreaterThan(0);
      expect(loadLines.filter((l) => !l.loadId || l.loadId === l.tripId)).toEqual([]);

      const c = (await t.call({ method: 'GET', url: `/api/Accounting/CompareInvoice?weekId=${weekId}`, as: EMAIL.admin })).body;
      expect(c.payWeekStart).toBe(w.payWeekStart);
      const m = w.missingLoad!;
      expect(c.loadsMissingInBoard).toEqual([{ loadNumber: m.loadNumber, invoicePayout: m.payout, boardPayout: null, difference: m.payout, note: null }]);
      const s = w.shortPay!;
      expect(c.payDifferences).toEqual([{ loadNumber: s.loadNumber, invoicePayout: s.paid, boardPayout: s.boardPayout, difference: `-${s.shortBy}`, note: null }]);
      expect(c.adjustments).toEqual([{ itemType: 'ADJUSTMENT - DISPUTE', tripId: w.dispute!.loadNumber, loadId: '', amount: w.dispute!.amount, comments: w.dispute!.comments }]);
      expect(c.loadsMissingInInvoice).toEqual([]);
      // Paid next week: this week's loads (not cancelled) whose last stop is after Saturday, Pacific time.
      const late = rows.filter((r) => r.status !== 'Cancelled' && pacificDay(r.end) > w.payWeekEnd).map((r) => r.loadNumber);
      expect(c.paidNextWeek.map((l: any) => l.loadNumber)).toEqual([...late].sort());
      expect(c.paidNextWeek.every((l: any) => l.invoicePayout === null)).toBe(true);
      // The seed delivers at least one load of every past week on its Sunday, after the pay week.
      expect(late.length).toBeGreaterThan(0);
      if (previousLate.length) {
        // Last week's late loads are paid on this week's invoice, in full: matched, on no list.
        const paid = await t.db.select({ tripId: invoiceLines.tripId }).from(invoiceLines).where(eq(invoiceLines.weekId, weekId));
        for (const n of previousLate) expect(paid.map((p) => p.tripId)).toContain(n);
      }
      previousLate = late;
    }
  });

  it('reading the invoice from the board: the same twice adds nothing; a driver is refused; without a session it says to upload the file', async () => {
    const { weekId } = await weekLoads(plan.planted[0].weekStart);
    const again = await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId }, as: EMAIL.admin });
    expect(again.text).toBe(INVOICE_TEXT.nothingNew);
    expect((await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId }, as: EMAIL.driver })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId: 'x' }, as: EMAIL.admin })).status).toBe(400);
    await t.db.delete(companyCookies).where(eq(companyCookies.companyId, t.ids.companies.demo));
    const expired = await t.call({ method: 'POST', url: '/api/Accounting/ImportInvoiceFromBoard', payload: { weekId }, as: EMAIL.admin });
    expect(expired.status).toBe(409);
    expect(expired.text).toMatch(/^ERROR The load board could not be read \(.+\): upload its payment details file instead$/);
    // Load Import says so too, and falls back to an uploaded trips file (none here).
    expect((await t.call({ method: 'GET', url: `/api/Accounting?id=${weekId}`, as: EMAIL.admin })).text).toMatch(/^ERROR No trips file/);
    expect(expired.text).not.toContain(DEMO_CREDENTIALS.cookie.slice(0, 20));
  });
});
