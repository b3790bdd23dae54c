import { createHash } from 'node:crypto';
import { ROUTE_PRELOAD_SCRIPT } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security';

/** The policy as directive → sources. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe('document CSP', () => {
  for (const https of [false, true]) {
    const policy = directives(String(securityHeaders(https)['content-security-policy']));

    it(`allows workers from the own origin only, no blob: or data: (${https ? 'https' : 'http'}, ADR 0044)`, () => {
      expect(policy.get('worker-src')).toEqual(["'self'"]);
      // Where worker-src is unknown (CSP 2), script-src decides: it must not open blob: either.
      // …and besides the own origin it allows only index.html's route preload script, by its hash (ADR 0053).
      expect(policy.get('script-src')).toEqual([
        "'self'",
        `'sha256-${createHash('sha256').update(ROUTE_PRELOAD_SCRIPT).digest('base64')}'`,
      ]);
      expect(policy.has('child-src')).toBe(false);
      expect(policy.get('default-src')).toEqual(["'self'"]);
    });

    it(`keeps blob: for image previews only (${https ? 'https' : 'http'})`, () => {
      const withBlob = [...policy].filter(([, sources]) => sources.includes('blob:')).map(([name]) => name);
      expect(withBlob).toEqual(['img-src']);
    });
  }
});
