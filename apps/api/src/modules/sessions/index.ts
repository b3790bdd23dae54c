/** The sessions module's public entry. */
export { type SessionRevocations } from './session-revocations';
