/**
 * The answers every screen gets: the current user and the public config: a contract piece (lib/contract.ts, ADR 0078), loaded after the first screen. Only
 * schemas that return what they are given (contract-pieces.test.ts).
 */
export { currentUserSchema, publicConfigSchema } from '@matchwerk/shared';
