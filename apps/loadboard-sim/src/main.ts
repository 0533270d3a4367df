/** `npm run sim`: the simulated load board alone on SIM_PORT (3100), following real time. */
import { createSim, DEMO_CREDENTIALS } from './sim';

const port = Number(process.env.SIM_PORT ?? 3100);
const host = process.env.SIM_HOST ?? '127.0.0.1';
const sim = createSim({
  seed: process.env.SIM_SEED ?? 'haulboard',
  random503Rate: Number(process.env.SIM_503_RATE ?? 0.02),
  rateLimit: { capacity: 30, refillPerSecond: 5 },
  logger: process.env.SIM_LOG === '1',
});
const url = await sim.listen({ port, host });
console.log(`Simulated load board on ${url}`);
console.log(`  ${sim.availableWorkOpportunities().length} work opportunities; new work appears every hour`);
console.log(`  Cookie it accepts:  ${DEMO_CREDENTIALS.cookie}`);
console.log(`  CSRF token header:  x-csrf-token: ${DEMO_CREDENTIALS.csrfToken}`);
console.log(`  Try: curl -s -X POST ${url}/api/loadboard/search -H 'content-type: application/json' \\`);
console.log(`         -H 'cookie: ${DEMO_CREDENTIALS.cookie}' -H 'x-csrf-token: ${DEMO_CREDENTIALS.csrfToken}' -d '{"resultSize":5}'`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void sim.close().then(() => process.exit(0));
  });
}
