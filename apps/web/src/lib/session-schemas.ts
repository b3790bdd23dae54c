/** Loaded on demand by `session.ts`: the schemas of the config and current-user answers (ADR 0032). */
export { currentUserSchema, publicConfigSchema } from '@matchwerk/shared';
