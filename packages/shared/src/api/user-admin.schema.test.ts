import { describe, expect, it } from 'vitest';
import { AUTH_PROVIDER_MESSAGES, authProviderCodeFor, ERROR_MESSAGES } from './errors';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from './user-admin.schema';

describe('user administration contract', () => {
  it('parses each user type with what it needs', () => {
    const base = { email: ' Neu@Example.org ', name: ' Nora ', password: 'Ein-gutes-Passwort-2026' };
    expect(userCreateSchema.parse({ ...base, type: 'ORGANIZATION', organization: 'org-1' })).toMatchObject({
      email: 'neu@example.org',
      name: 'Nora',
      organization: 'org-1',
    });
    expect(
      userCreateSchema.parse({ ...base, type: 'REGIONAL_PARTNER', regions: ['HORB', 'HORB', 'SOEST'] }),
    ).toMatchObject({ regions: ['HORB', 'SOEST'] });
    expect(userCreateSchema.parse({ ...base, type: 'STATISTICS' })).toMatchObject({ region: null });
    expect(userCreateSchema.safeParse({ ...base, type: 'REGIONAL_PARTNER', regions: [] }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...base, type: 'ORGANIZATION' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...base, type: 'APPLICANT' }).success).toBe(false);
    expect(userCreateSchema.safeParse({ ...base, password: 'kurz', type: 'ADMIN' }).success).toBe(false);
    expect(userUpdateSchema.parse({ email: 'a@b.de', name: 'A', type: 'ADMIN', password: 'ignored' })).toEqual({
      email: 'a@b.de',
      name: 'A',
      type: 'ADMIN',
    });
  });

  it('reads list filters from the query string', () => {
    expect(userListQuerySchema.parse({ emailVerified: 'false', disabled: 'true', type: 'STATISTICS' })).toMatchObject({
      emailVerified: false,
      disabled: true,
      type: 'STATISTICS',
      sort: 'email',
      page: 0,
    });
    expect(userListQuerySchema.safeParse({ disabled: 'ja' }).success).toBe(false);
  });

  it('shows a disabled user the German refusal on the login form', () => {
    expect(AUTH_PROVIDER_MESSAGES[authProviderCodeFor('ACCOUNT_DISABLED', 403)]).toBe(ERROR_MESSAGES.ACCOUNT_DISABLED);
  });
});
