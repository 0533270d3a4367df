/** Brokers: the companies a carrier hauls for. */
export { brokersModule } from './routes';
export { deleteBroker, upsertBroker } from './service';
