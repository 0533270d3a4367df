import { settlementRoutes } from '@haulboard/contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../access/actor';
import type { TDb } from '../../db/client';
import { sendDownload } from '../../files/download';
import { route } from '../../lib/route';
import { closeChecklist } from './checklist';
import { statementsPdf } from './pdf';
import { boundStatement, closeWeek, getStatement, reopenWeek, weekSummary } from './service';
import { weekStatements } from './statements';

export async function settlementsModule(app: FastifyInstance, { db }: { db: TDb }) {
  route(app, settlementRoutes.getStatement, async (req) => boundStatement(await getStatement(db, actorOf(req.ctx), req.query)));
  route(app, settlementRoutes.getStatementPdf, async (req, reply) => {
    const s = await getStatement(db, actorOf(req.ctx), req.query);
    const pdf = await statementsPdf([s], `Settlement ${s.payee.name} week ${s.week.number} ${s.week.year}`);
    return sendDownload(reply, settlementRoutes.getStatementPdf, `settlement-${s.week.year}-week-${s.week.number}-${s.unitNumber ?? s.payee.userId}.pdf`, pdf) as never;
  });
  route(app, settlementRoutes.getWeek, async (req) => weekSummary(db, actorOf(req.ctx), req.query.weekId));
  route(app, settlementRoutes.getWeekPdf, async (req, reply) => {
    const { week, statements } = await weekStatements(db, actorOf(req.ctx).companyId, req.query.weekId);
    const pdf = await statementsPdf(statements, `Settlements week ${week.number} ${week.year}`);
    return sendDownload(reply, settlementRoutes.getWeekPdf, `settlements-${week.year}-week-${week.number}.pdf`, pdf) as never;
  });
  route(app, settlementRoutes.getCloseChecklist, async (req) => closeChecklist(db, actorOf(req.ctx), req.query.weekId));
  route(app, settlementRoutes.closeWeek, async (req) => db.transaction((tx) => closeWeek(tx, actorOf(req.ctx), req.body)));
  route(app, settlementRoutes.reopenWeek, async (req) => db.transaction((tx) => reopenWeek(tx, actorOf(req.ctx), req.body.weekId)));
}
