/** The simulated external load board (domain-notes §4): createSim for tests and `npm run sim`, mountSim for the demo. */

export { exportLoadId, PAYMENT_HEADER, TRIPS_HEADER } from './exports';
export type { TWorkOpportunitySpec } from './generate';
export type { THistoryTrip } from './history';
export type { TCredentials, TFault, TRequestRecord, TSim, TSimControl, TSimOptions } from './sim';
export { createSim, DEMO_CREDENTIALS, mountSim } from './sim';
export { pacificWeekOf } from './time';
export type { TLoad, TLocation, TStop, TTrip, TWorkOpportunity } from './types';
