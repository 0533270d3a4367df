/** Load orders, their timeline and the engine that runs them (engine/). */
export { loadOrdersModule } from './routes';
export { findOrders } from './queries';
export { cancelOrder, placeOrder, recordOrderEvent } from './service';
export { ORDER_JOBS, PAUSE_REASON, pruneOrderEvents, scheduleOrderJobs, startOrderEngine, type TEngineChange, type TEngineOptions, type TOrderEngine } from './engine';
