// The mail-admin module's public entry (ADR 0119): what server.ts implements over pg-boss.
export type { FailedMailStore } from './mail-admin.service';
