/**
 * better-auth answers its errors in English ("Unauthorized", "Invalid callbackURL", "[body.email]
 * Invalid email address"). The auth route passes them on with better-auth's `code` kept (the web
 * client maps it with `authProviderCodeFor`) but a German `message` of ours.
 */
import {
  AUTH_PROVIDER_MESSAGES,
  authProviderCodeFor,
  ERROR_CODES,
  ERROR_MESSAGES,
  type ErrorCode,
  type ErrorResponse,
} from '@matchwerk/shared';

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

function germanMessage(code: string | undefined, status: number): string {
  if (code && isErrorCode(code)) return ERROR_MESSAGES[code];
  const provider = authProviderCodeFor(code, status);
  if (provider !== 'unknown') return AUTH_PROVIDER_MESSAGES[provider];
  const byStatus = BY_STATUS[status];
  return byStatus ? ERROR_MESSAGES[byStatus] : ERROR_MESSAGES.INTERNAL;
}

/** The body to send for a better-auth error answer (status ≥ 400), German whatever it said. */
export function germanAuthErrorBody(status: number, text: string): ErrorResponse {
  let code: string | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { code?: unknown }).code === 'string')
      code = (parsed as { code: string }).code;
  } catch {
    // Not JSON (or empty): the status decides.
  }
  const fallback = BY_STATUS[status] ?? 'INTERNAL';
  return { code: code && /^[A-Z0-9_]{1,64}$/.test(code) ? code : fallback, message: germanMessage(code, status) };
}
