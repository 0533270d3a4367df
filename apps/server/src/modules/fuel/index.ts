/** Fuel and IFTA: fuel-card lines, ELD miles per unit and jurisdiction, and the IFTA report. */

import { registerImportTarget } from '../imports';
import { FUEL_IMPORT } from './fuel-import';
import { MILES_IMPORT } from './miles-import';

/** Saves a quarter's tax-rate matrix (the demo seeds the synthetic sample through it). */
export { uploadIftaRates } from './return';
export { fuelModule } from './routes';

// The fuel card and IFTA miles imports write this module's lines: it registers their targets.
registerImportTarget(FUEL_IMPORT);
registerImportTarget(MILES_IMPORT);
