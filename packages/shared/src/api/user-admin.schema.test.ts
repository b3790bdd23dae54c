import { describe, expect, it } from 'vitest';
import { AUTH_PROVIDER_MESSAGES, authProviderCodeFor, ERROR_MESSAGES } from './errors';
import { userCreateSchema, userListQuerySchema, userUpdateSchema } from './user-admin.schema';

describe('user administration contract', () => {
  it('parses each user type with what it needs', () => {
    const base = { email: ' Neu@Example.org ', name: ' Nora ' };
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
  });

  it('refuses a password (or any unknown field) in German instead of dropping it (ADR 0124)', () => {
    const input = { email: 'a@b.de', name: 'A', type: 'ADMIN', password: 'Ein-gutes-Passwort-2026' };
    for (const schema of [userCreateSchema, userUpdateSchema]) {
      const result = schema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          code: 'unrecognized_keys',
          message: 'Die Anfrage enthält unbekannte Felder: password.',
        }),
      ]);
    }
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
