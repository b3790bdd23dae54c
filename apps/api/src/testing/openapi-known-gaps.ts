/**
 * Answers that may differ from the OpenAPI document for now: the contract's known gaps, listed, not
 * hidden (ADR 0121). The 112 differences found when every route test began to check its answers
 * are closed (ADR 0123: app-wide statuses, image routes, the schema dialect, nullable enums), so the
 * list is empty. A gap that must wait goes here with its exact line from the failing test file and
 * is removed when it closes; any other difference fails its test file (`test-app.ts`).
 */
export const KNOWN_OPENAPI_GAPS: ReadonlySet<string> = new Set([]);
