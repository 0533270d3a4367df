/**
 * The simulated board for the orders benchmark, in its own process (so the benchmark's CPU figure
 * is the engine's, not the board's): real time, no rate limit of its own, no random 503s, plus
 * one bench-only control, POST /bench/add {origin, payout, pickupInMinutes} → {id}.
 */
import { createSim } from '@haulboard/loadboard-sim';

const sim = createSim({ seed: 'orders-bench', initialCount: 300, random503Rate: 0, rateLimit: null });
sim.app.post<{ Body: { origin: string; payout: number; pickupInMinutes: number } }>('/bench/add', async (req) => {
  const { origin, payout, pickupInMinutes } = req.body;
  const wo = sim.addWorkOpportunity({ origin, payout, pickupAt: Date.now() + pickupInMinutes * 60_000 });
  return { id: wo.id };
});
sim.app.get('/bench/requests', async () => ({ count: sim.requests().length }));
const url = await sim.listen({ port: 0 });
process.stdout.write(`${JSON.stringify({ url })}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void sim.close().then(() => process.exit(0)));
