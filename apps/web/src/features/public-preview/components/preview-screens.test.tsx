import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicVacancy, PublicVacancyListItem } from '@matchwerk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { renderApp, stubFetch } from '../../../testing/render-app';

const AT = '2026-11-20T08:00:00.000Z';

function item(overrides: Partial<PublicVacancyListItem> = {}): PublicVacancyListItem {
  return {
    id: 'v1',
    title: 'Ausbildung Flechtwerkgestalter/in',
    type: 'APPRENTICESHIP',
    trainingOccupationName: 'Flechtwerkgestalter/in',
    city: 'Lichtenfels',
    zipCode: '96215',
    start: '2027-09-01',
    startOfTraining: null,
    salaryPerTrainingYear: [900, 1000],
    descriptionExcerpt: 'Ein Handwerk',
    organization: { id: 'o1', name: 'Korbmacherei', logoUrl: null },
    imageUrl: null,
    distanceKm: null,
    updatedAt: AT,
    ...overrides,
  };
}

const detail: PublicVacancy = {
  id: 'v1',
  region: 'LICHTENFELS',
  title: 'Ausbildung Flechtwerkgestalter/in',
  type: 'APPRENTICESHIP',
  trainingOccupationName: 'Flechtwerkgestalter/in',
  duration: '3 Jahre',
  start: '2027-09-01',
  startOfTraining: null,
  description: '<p>Ein Handwerk<script>alert(1)</script></p>',
  whatWereLookingFor: null,
  about: null,
  taskDescription: null,
  benefits: ['MENTOR'],
  additionalBenefits: null,
  salaryRange: null,
  compensation: { salaryPerTrainingYear: [900], additionalCompensation: null },
  location: {
    country: 'Deutschland',
    city: 'Lichtenfels',
    zipCode: '96215',
    street: 'Marktplatz',
    streetNumber: '3',
    geo: { lat: 50.1, lng: 11.1 },
  },
  applicationDeadline: null,
  photos: [],
  organization: {
    id: 'o1',
    name: 'Korbmacherei',
    logoUrl: null,
    branch: null,
    employeeCount: null,
    about: null,
    links: { website: null, linkedin: null, xing: null, instagram: null, facebook: null, dataProtection: null },
    contactPhone: null,
  },
  publicPath: '/stellen/v1',
  createdAt: AT,
  updatedAt: AT,
};

function fakeServer() {
  return stubFetch((path) => {
    if (path === '/rest/config')
      return { status: 200, body: { supportEmail: 'hilfe@example.org', demoMailbox: false } };
    if (path === '/rest/auth/get-session') return { status: 200, body: null };
    if (path === '/rest/users/current-user') return { status: 401, body: { code: 'UNAUTHENTICATED', message: 'x' } };
    if (path.startsWith('/rest/public/vacancies?')) {
      const internship = path.includes('type=INTERNSHIP');
      const items = internship ? [item({ id: 'v2', title: 'Praktikum Werkstatt', type: 'INTERNSHIP' })] : [item()];
      return {
        status: 200,
        body: {
          items,
          total: items.length,
          nextCursor: null,
          facets: { occupations: ['Flechtwerkgestalter/in'], places: ['Lichtenfels'] },
        },
      };
    }
    if (path === '/rest/public/vacancies/v1') return { status: 200, body: detail };
    return undefined;
  });
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('External preview', { timeout: 20_000 }, () => {
  it('shows a region’s postings without login and keeps the filters in the URL', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchStub);
    const { router } = renderApp('/vorschau-lichtenfels');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Ausbildung und Jobs: Landkreis Lichtenfels' },
      { timeout: 8000 },
    );
    expect(router.state.location.pathname).toBe('/vorschau-lichtenfels');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Korbmacherei')).toBeTruthy();
    expect(within(card).getByText(/1\. Jahr: 900,00\s€/)).toBeTruthy();
    expect(server.calls.map((call) => call.path)).toContain('/rest/public/vacancies?region=LICHTENFELS&sort=newest');

    await userEvent.setup().selectOptions(screen.getByLabelText('Art der Stelle'), 'INTERNSHIP');
    await waitFor(() => expect(router.state.location.search).toBe('?type=INTERNSHIP'));
    expect(await screen.findByText('Praktikum Werkstatt')).toBeTruthy();
  });

  it('shows a posting with sanitised text, the map link and the call to action', async () => {
    vi.stubGlobal('fetch', fakeServer().fetchStub);
    renderApp('/vorschau-lichtenfels/stelle/v1');
    await screen.findByRole('heading', { level: 1, name: 'Ausbildung Flechtwerkgestalter/in' }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Ort auf OpenStreetMap ansehen' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=50.1&mlon=11.1#map=15/50.1/11.1',
    );
    expect(screen.getByRole('heading', { name: 'Interesse? Bewirb dich mit der Matchwerk-App' })).toBeTruthy();
    expect(document.querySelector('main script')).toBeNull();
  });

  it('answers an unknown posting with a German not-found page', async () => {
    vi.stubGlobal('fetch', fakeServer().fetchStub);
    renderApp('/vorschau-lichtenfels/stelle/nope');
    await screen.findByRole('heading', { level: 1, name: 'Stelle nicht gefunden' }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeTruthy();
  });

  it('answers an unknown region with a German not-found page listing the regions', async () => {
    vi.stubGlobal('fetch', fakeServer().fetchStub);
    renderApp('/vorschau-atlantis');
    await screen.findByRole('heading', { level: 1, name: 'Region nicht gefunden' }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: 'Monheim am Rhein' }).getAttribute('href')).toBe(
      '/vorschau-monheim-am-rhein',
    );
  });
});
