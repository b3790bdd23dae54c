/** The reports feature's public entry: the "Meldungen" screen (ADR 0101). */
export { ReportsScreen } from './components/reports-screen';
