/** The load-order engine: searches, filters, alerts and books (issue 12). */
export { ALERT_LINK, matchLink, PAUSE_REASON, pruneOrderEvents, RATE_LIMITED, startOrderEngine, type TEngineChange, type TEngineOptions, type TEngineStats, type TOrderEngine } from './engine';
export { matchesOf, orderSearch, whyNot } from './filter';
export { ORDER_JOBS, scheduleOrderJobs } from './jobs';
