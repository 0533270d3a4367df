/** Load search (spec §2 relay/loadsearch): the board's available work, through the board client. */
export { loadSearchModule } from './routes';
