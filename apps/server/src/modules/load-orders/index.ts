/** Load orders, their timeline and the engine that runs them (engine/). */

export { ORDER_JOBS, PAUSE_REASON, pruneOrderEvents, scheduleOrderJobs, startOrderEngine, type TEngineChange, type TEngineOptions, type TOrderEngine } from './engine';
export { findOrders } from './queries';
export { loadOrdersModule } from './routes';
export { cancelOrder, placeOrder, recordOrderEvent } from './service';
