/** The candidate-legal module's public entry: the sign-up's acceptance of the candidate texts (ADR 0102). */
export { signupAcceptances } from './candidate-legal';
