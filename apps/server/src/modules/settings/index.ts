/** Company settings: the external board's service URL and the like. */
export { settingsModule } from './routes';
export { findServiceUrl, setServiceUrl } from './service';
