/** Fuel and IFTA: fuel-card lines, ELD miles per unit and jurisdiction, and the IFTA report. */

/** Saves a quarter's tax-rate matrix (the demo seeds the synthetic sample through it). */
export { uploadIftaRates } from './return';
export { fuelModule } from './routes';
