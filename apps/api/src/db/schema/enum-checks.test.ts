// @database-sensitive: check constraints
/**
 * The enum CHECK constraints of the migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) against the shared enum arrays (ADR 0048). Fails when a value is added to
 * packages/shared without the migration drizzle-kit generates for it.
 */
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  BENEFITS,
  CANDIDATE_LEGAL_DOCUMENTS,
  CANDIDATE_NOTIFICATION_KINDS,
  CANDIDATE_STRENGTHS,
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
  LEGAL_DOCUMENTS,
  MATCHING_STATES,
  MESSAGE_SENDERS,
  NOTIFICATION_INTERVALS,
  ORDER_STATUSES,
  POSTING_TYPES,
  REGIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  USER_TYPES,
} from '@matchwerk/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-app';
import type { DatabaseHandle } from '../client';
import {
  organizations,
  PARENTAL_CONSENT_EVENTS,
  PARENTAL_CONSENT_STATES,
  PHOTO_OWNER_KINDS,
  users,
  vacancies,
} from './index';

/** Every column holding an enum value: its constraint and the values it must allow. */
const ENUM_CONSTRAINTS: Record<string, readonly string[]> = {
  organizations_region: REGIONS,
  vacancies_organization_region: REGIONS,
  vacancies_type: POSTING_TYPES,
  vacancies_benefits: BENEFITS,
  photos_owner_kind: PHOTO_OWNER_KINDS,
  users_type: USER_TYPES,
  users_regions: REGIONS,
  users_notification_interval: NOTIFICATION_INTERVALS,
  legal_acceptances_document: [...LEGAL_DOCUMENTS, ...CANDIDATE_LEGAL_DOCUMENTS],
  applicant_profiles_region: REGIONS,
  matchings_state: MATCHING_STATES,
  messages_sender: MESSAGE_SENDERS,
  notification_deliveries_interval: NOTIFICATION_INTERVALS,
  orders_status: ORDER_STATUSES,
  orders_organization_region: REGIONS,
  feedback_category: FEEDBACK_CATEGORIES,
  feedback_status: FEEDBACK_STATUSES,
  audit_log_action: AUDIT_ACTIONS,
  audit_log_target_type: AUDIT_TARGET_TYPES,
  audit_log_regions: REGIONS,
  response_deadlines_region: REGIONS,
  reports_subject: REPORT_SUBJECTS,
  reports_reason: REPORT_REASONS,
  reports_status: REPORT_STATUSES,
  reports_region: REGIONS,
  parental_consents_status: PARENTAL_CONSENT_STATES,
  parental_consent_events_event: PARENTAL_CONSENT_EVENTS,
  candidate_mail_items_kind: CANDIDATE_NOTIFICATION_KINDS,
  applicant_profiles_wanted_types: POSTING_TYPES,
  applicant_profiles_strengths: CANDIDATE_STRENGTHS,
};

let database: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  ({ handle: database, dispose } = await openTestDatabase());
});

afterAll(async () => {
  await database.close();
  await dispose();
});

async function rows<Row>(query: SQL): Promise<Row[]> {
  // Both drivers answer raw SQL with `{ rows }`; the shared handle type cannot say so.
  const result: unknown = await database.db.execute(query);
  return (result as { rows: Row[] }).rows;
}

/** The SQLSTATE and constraint of the driver error, also when drizzle wrapped it in `cause`. */
async function refusal(write: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await write;
  } catch (error) {
    for (
      let current: unknown = error;
      current && typeof current === 'object';
      current = (current as { cause?: unknown }).cause
    ) {
      const { code, constraint } = current as { code?: unknown; constraint?: unknown };
      if (typeof code === 'string')
        return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    throw error;
  }
  throw new Error('the write was accepted');
}

describe('enum CHECK constraints', () => {
  it('every allowed-value list in pg_constraint equals its shared enum array', async () => {
    const constraints = await rows<{ name: string; definition: string }>(
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
          where contype = 'c' and connamespace = 'public'::regnamespace`,
    );
    // `x in (…)` reads back as `x = ANY (ARRAY[…])`, `x <@ ARRAY[…]` as itself.
    const enumChecks = constraints.filter((constraint) => /(= ANY|<@) \(?ARRAY\[/.test(constraint.definition));
    expect(enumChecks.map((constraint) => constraint.name).sort()).toEqual(Object.keys(ENUM_CONSTRAINTS).sort());
    for (const { name, definition } of enumChecks) {
      const allowed = [...definition.matchAll(/'((?:[^']|'')*)'::text/g)].map((match) =>
        match[1]!.replaceAll("''", "'"),
      );
      expect({ name, allowed: allowed.sort() }).toEqual({ name, allowed: [...ENUM_CONSTRAINTS[name]!].sort() });
    }
  });

  it('refuses an unknown region, posting type and benefit with a check violation (23514)', async () => {
    const { db } = database;
    const [posting] = await db.select({ id: vacancies.id }).from(vacancies).limit(1);
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    const unknown = sql`'ATLANTIS'`;
    expect(await refusal(db.insert(organizations).values({ name: 'Unbekannt GmbH', region: unknown }))).toEqual({
      code: '23514',
      constraint: 'organizations_region',
    });
    expect(await refusal(db.update(vacancies).set({ type: unknown }).where(eq(vacancies.id, posting!.id)))).toEqual({
      code: '23514',
      constraint: 'vacancies_type',
    });
    expect(
      await refusal(
        db
          .update(vacancies)
          .set({ benefits: sql`array['MENTOR', 'ATLANTIS']` })
          .where(eq(vacancies.id, posting!.id)),
      ),
    ).toEqual({
      code: '23514',
      constraint: 'vacancies_benefits',
    });
    expect(
      await refusal(
        db
          .update(users)
          .set({ regions: sql`array['HORB', 'ATLANTIS']` })
          .where(eq(users.id, user!.id)),
      ),
    ).toEqual({ code: '23514', constraint: 'users_regions' });
  });

  it('a posting takes its region from the organisation (no default, the trigger fills it)', async () => {
    const { db } = database;
    const [organization] = await db
      .insert(organizations)
      .values({ name: 'Trigger GmbH', region: 'HORB' })
      .returning({ id: organizations.id });
    const [posting] = await db
      .insert(vacancies)
      .values({
        organizationId: organization!.id,
        title: 'Azubi',
        type: 'APPRENTICESHIP',
        description: '<p>x</p>',
        contactName: 'A',
        city: 'Horb',
        zipCode: '72160',
      })
      .returning({ region: vacancies.organizationRegion });
    expect(posting!.region).toBe('HORB');
  });
});
