import { render, screen } from '@testing-library/react';
import type { OrganizationListItem } from '@matchwerk/shared';
import { describe, expect, it } from 'vitest';
import { OrganizationOptionLabel } from './organization-picker';

describe('organisation picker option', () => {
  const item: OrganizationListItem = {
    id: 'org-2',
    name: 'Neu GmbH',
    region: 'HORB',
    city: null,
    active: true,
    member: false,
    waiting: false,
    emailVerified: false,
    activeVacancies: 0,
    vacancies: 0,
    users: 0,
    openMatchings: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSignInAt: null,
  };

  it('marks sign-ups whose e-mail is not confirmed', () => {
    const { rerender } = render(<OrganizationOptionLabel option={item} />);
    expect(screen.getByText('E-Mail nicht bestätigt')).toBeTruthy();
    rerender(<OrganizationOptionLabel option={{ ...item, emailVerified: true }} />);
    expect(screen.queryByText('E-Mail nicht bestätigt')).toBeNull();
    expect(screen.getByText('Neu GmbH')).toBeTruthy();
  });
});
