/** Loaded on demand by `session.ts`: the schemas of the config and current-user answers (ADR 0006). */
export { currentUserSchema, publicConfigSchema } from '@matchwerk/shared';
