import { fuelListHint, fuelRoutes, iftaReturnRoutes, milesEditRoutes, type ZIftaReportFilter } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { sendDownload } from '../../files/download';
import { capLimit, capList } from '../../lib/list-cap';
import { route } from '../../lib/route';
import { deleteMilesQuarter, saveMilesQuarter } from './miles-edit';
import { resolvePeriod } from './period';
import { countFuel, countIftaMiles, findFuel, findIftaMiles, fuelTotals, iftaDrivers, quarterOnlyUnits, stateCodeOf, unitStateSums, unitsOfDrivers, weeksWithoutFuel } from './queries';
import { buildIftaReport } from './report';
import { iftaReturn, iftaReturnCsv, saveIftaReturnSettings, uploadIftaRates } from './return';
import { iftaReturnPdf } from './return-pdf';

export async function fuelModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, fuelRoutes.getFuel, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const period = await resolvePeriod(db, companyId, req.body);
    if (!period) return [];
    const rows = await findFuel(db, companyId, period, capLimit(fuelRoutes.getFuel));
    return capList(reply, fuelRoutes.getFuel, rows, () => countFuel(db, companyId, period), fuelListHint(req.body));
  });

  route(app, fuelRoutes.getFuelTotals, async (req) => {
    const { companyId } = actorOf(req.ctx);
    const period = await resolvePeriod(db, companyId, req.body);
    return fuelTotals(db, companyId, period);
  });

  route(app, fuelRoutes.getIftaMiles, async (req, reply) => {
    const { companyId } = actorOf(req.ctx);
    const period = await resolvePeriod(db, companyId, req.body);
    if (!period) return [];
    const rows = await findIftaMiles(db, companyId, period, capLimit(fuelRoutes.getIftaMiles));
    return capList(reply, fuelRoutes.getIftaMiles, rows, () => countIftaMiles(db, companyId, period));
  });

  route(app, milesEditRoutes.saveIftaMilesQuarter, async (req) => db.transaction((tx) => saveMilesQuarter(tx, actorOf(req.ctx), req.body)));
  route(app, milesEditRoutes.deleteIftaMilesQuarter, async (req) => db.transaction((tx) => deleteMilesQuarter(tx, actorOf(req.ctx), req.query)));

  const report = async (filter: z.output<typeof ZIftaReportFilter>, companyId: number, summary: boolean) => {
    const period = await resolvePeriod(db, companyId, filter);
    if (!period) return buildIftaReport([], { summary, period: 'No such week' });
    const units = filter.driverIdList.length ? await unitsOfDrivers(db, companyId, filter.driverIdList) : null;
    const stateCode = filter.stateId ? await stateCodeOf(db, filter.stateId) : null;
    if (filter.stateId && !stateCode) return buildIftaReport([], { summary, period: period.label });
    const [sums, quietWeeks, quarterOnly] = await Promise.all([
      unitStateSums(db, companyId, period, units, stateCode),
      units || stateCode ? Promise.resolve([]) : weeksWithoutFuel(db, companyId, period),
      quarterOnlyUnits(db, companyId, period, units, stateCode),
    ]);
    const extraChecks = quietWeeks.length && sums.length ? [`No fuel was bought in ${quietWeeks.join(', ')}: are fuel records missing?`] : [];
    return buildIftaReport(sums, { summary, period: period.label, extraChecks, quarterOnly });
  };

  route(app, fuelRoutes.getIftaReport, async (req) => report(req.body, actorOf(req.ctx).companyId, false));
  route(app, fuelRoutes.getIftaReportSummary, async (req) => report(req.body, actorOf(req.ctx).companyId, true));
  route(app, fuelRoutes.getIftaDrivers, async (req) => iftaDrivers(db, actorOf(req.ctx).companyId));

  route(app, iftaReturnRoutes.getIftaReturn, async (req) => iftaReturn(db, actorOf(req.ctx), req.body));
  route(app, iftaReturnRoutes.getIftaReturnCsv, async (req, reply) => {
    const r = await iftaReturn(db, actorOf(req.ctx), req.query);
    return sendDownload(reply, iftaReturnRoutes.getIftaReturnCsv, `ifta-return-${r.year}-Q${r.quarter}.csv`, iftaReturnCsv(r)) as never;
  });
  route(app, iftaReturnRoutes.getIftaReturnPdf, async (req, reply) => {
    const r = await iftaReturn(db, actorOf(req.ctx), req.query);
    return sendDownload(reply, iftaReturnRoutes.getIftaReturnPdf, `ifta-return-${r.year}-Q${r.quarter}.pdf`, await iftaReturnPdf(r)) as never;
  });
  route(app, iftaReturnRoutes.uploadIftaRates, async (req) => {
    const { fields, files } = req.body;
    return db.transaction((tx) => uploadIftaRates(tx, actorOf(req.ctx), { year: fields.Year, quarter: fields.Quarter, file: files[0] }));
  });
  route(app, iftaReturnRoutes.saveIftaReturnSettings, async (req) => saveIftaReturnSettings(db, actorOf(req.ctx), req.body));
}
