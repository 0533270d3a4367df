/** The load-order engine: searches, filters, alerts and books (issue 12). */
export { PAUSE_REASON, RATE_LIMITED } from './circuit';
export type { TEngineChange, TEngineStats } from './context';
export { pruneOrderEvents, startOrderEngine, type TEngineOptions, type TOrderEngine } from './engine';
export { matchesOf, orderSearch, whyNot } from './filter';
export { ORDER_JOBS, scheduleOrderJobs } from './jobs';
export { ALERT_LINK, matchLink } from './tick';
