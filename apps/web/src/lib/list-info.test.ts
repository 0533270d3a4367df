import '../test/setup';
import { brokerRoutes, lookupRoutes } from '@haulboard/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';

const toast = vi.hoisted(() => ({ info: vi.fn(), update: vi.fn(), isActive: vi.fn(() => false) }));
vi.mock('react-toastify', () => ({ toast }));

const { callRoute } = await import('./api-client');
const { createQueryClient } = await import('./query-client');
const { forgetShownListInfo } = await import('./list-info');

const capped = 'INFO Showing the first 5,000 of 5,210 brokers. The rest are not listed.';
const brokers = (info?: string) => ({ json: [{ brokerId: 1 }], headers: (info ? { 'x-info': info, 'x-total-count': '5210' } : {}) as Record<string, string> });
/** The toast library is loaded on demand: let its import settle. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a capped list is never cut silently', () => {
  beforeEach(() => {
    forgetShownListInfo();
    vi.clearAllMocks();
    createQueryClient();
  });

  it('shows the INFO text of a capped list as an info toast, without the INFO prefix, and still answers the rows', async () => {
    mockApi({ 'GET /api/Broker': brokers(capped) });
    expect(await callRoute(brokerRoutes.getBrokers)).toEqual([{ brokerId: 1 }]);
    await settle();
    expect(toast.info).toHaveBeenCalledTimes(1);
    expect(toast.info).toHaveBeenCalledWith('Showing the first 5,000 of 5,210 brokers. The rest are not listed.', expect.objectContaining({ toastId: 'list-info GET /api/Broker' }));
  });

  it('says it once per route while the list is polled, and again when the count changes', async () => {
    let info = capped;
    mockApi({ 'GET /api/Broker': () => brokers(info) });
    for (let i = 0; i < 3; i++) await callRoute(brokerRoutes.getBrokers);
    await settle();
    expect(toast.info).toHaveBeenCalledTimes(1);
    info = 'INFO Showing the first 5,000 of 5,300 brokers. The rest are not listed.';
    await callRoute(brokerRoutes.getBrokers);
    await settle();
    expect(toast.info).toHaveBeenCalledTimes(2);
    expect(toast.info).toHaveBeenLastCalledWith('Showing the first 5,000 of 5,300 brokers. The rest are not listed.', expect.anything());
  });

  it('updates the open toast of that route instead of stacking a second one', async () => {
    toast.isActive.mockReturnValue(true);
    mockApi({ 'GET /api/Broker': brokers('INFO Showing the first 5,000 of 6,000 brokers. The rest are not listed.') });
    await callRoute(brokerRoutes.getBrokers);
    await settle();
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.update).toHaveBeenCalledWith('list-info GET /api/Broker', { render: 'Showing the first 5,000 of 6,000 brokers. The rest are not listed.' });
    toast.isActive.mockReturnValue(false);
  });

  it('keeps each route to its own toast, and says nothing for a list that fits', async () => {
    mockApi({
      'GET /api/Broker': brokers(capped),
      'GET /api/Lookup/GetBrokerList': { json: [], headers: { 'x-info': 'INFO Showing the first 5,000 of 5,100 brokers. The rest are not listed.' } },
      'GET /api/Lookup/GetRoles': { json: [{ label: 'Administrator', value: 1 }] },
    });
    await callRoute(brokerRoutes.getBrokers);
    await callRoute(lookupRoutes.getBrokerList);
    await callRoute(lookupRoutes.getRoles);
    await settle();
    expect(toast.info.mock.calls.map(([, options]) => (options as { toastId: string }).toastId)).toEqual([
      'list-info GET /api/Broker',
      'list-info GET /api/Lookup/GetBrokerList',
    ]);
  });
});
