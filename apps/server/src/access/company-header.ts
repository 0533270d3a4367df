import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

export const SHOWN_COMPANY_HEADER = 'x-company-id';

export const companyChanged = (shown: string, active: string) =>
  `This tab was showing ${shown}, but your active company is now ${active} (it was switched in another tab). ` +
  `Nothing was saved. The page reloads in ${active}.`;

/**
 * A tab never writes into (or reads from) a company it does not show: the web sends the company
 * its page shows, and a request for company data whose session has since switched to another
 * company is refused (docs/decisions/006). Runs after the access guard.
 */
export async function refuseOtherCompany(req: FastifyRequest) {
  const shown = req.headers[SHOWN_COMPANY_HEADER];
  const access = req.routeOptions.config?.access;
  if (typeof shown !== 'string' || !shown || !req.ctx?.companyId) return;
  if (!access || access.kind === 'public' || access.kind === 'signedIn') return;
  if (Number(shown) === req.ctx.companyId) return;
  const name = (id: number) => req.ctx.memberships.find((m) => m.companyId === id)?.companyName ?? 'another company';
  throw new AppError('COMPANY_CHANGED', companyChanged(name(Number(shown)), name(req.ctx.companyId)));
}
