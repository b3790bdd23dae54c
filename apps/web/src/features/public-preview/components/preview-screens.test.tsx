import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUBLIC_MESSAGES, type PublicVacancy, type PublicVacancyListItem } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { apiError, recordRequests, serveApi, sessionHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

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
  minAge: 15,
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

/** The signed-out visitor's public API: the postings list (internships by type) and posting v1; other postings are gone. */
function servePublic() {
  serveApi(
    ...sessionHandlers(null),
    http.get('/rest/public/vacancies', ({ request }) => {
      const internship = new URL(request.url).searchParams.get('type') === 'INTERNSHIP';
      const items = internship ? [item({ id: 'v2', title: 'Praktikum Werkstatt', type: 'INTERNSHIP' })] : [item()];
      return HttpResponse.json({
        items,
        total: items.length,
        nextCursor: null,
        facets: { occupations: ['Flechtwerkgestalter/in'], places: ['Lichtenfels'] },
      });
    }),
    http.get('/rest/public/vacancies/:id', ({ params }) =>
      params.id === 'v1' ? HttpResponse.json(detail) : apiError(404, 'NOT_FOUND', PUBLIC_MESSAGES.notFound),
    ),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('External preview', () => {
  it('shows a region’s postings without login and keeps the filters in the URL', async () => {
    const requests = recordRequests();
    servePublic();
    const { router } = renderApp('/vorschau-lichtenfels');
    await screen.findByRole('heading', { level: 1, name: 'Ausbildung und Jobs: Landkreis Lichtenfels' });
    expect(router.state.location.pathname).toBe('/vorschau-lichtenfels');
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Korbmacherei')).toBeTruthy();
    expect(within(card).getByText(/1\. Jahr: 900,00\s€/)).toBeTruthy();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'GET /rest/public/vacancies?region=LICHTENFELS&sort=newest',
    );

    await userEvent.setup().selectOptions(screen.getByLabelText('Art der Stelle'), 'INTERNSHIP');
    await waitFor(() => expect(router.state.location.search).toBe('?type=INTERNSHIP'));
    expect(await screen.findByText('Praktikum Werkstatt')).toBeTruthy();
  });

  it('shows a posting with sanitised text, the map link and the call to action', async () => {
    servePublic();
    renderApp('/vorschau-lichtenfels/stelle/v1');
    await screen.findByRole('heading', { level: 1, name: 'Ausbildung Flechtwerkgestalter/in' });
    expect(screen.getByRole('link', { name: 'Ort auf OpenStreetMap ansehen' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=50.1&mlon=11.1#map=15/50.1/11.1',
    );
    expect(screen.getByRole('heading', { name: 'Interesse? Bewirb dich mit der Matchwerk-App' })).toBeTruthy();
    // "Interesse zeigen" opens this posting in the candidate app.
    expect(screen.getByRole('link', { name: 'Interesse zeigen' }).getAttribute('href')).toBe('/app/#/stelle/v1');
    expect(document.querySelector('main script')).toBeNull();
  });

  it('answers an unknown posting with a German not-found page', async () => {
    servePublic();
    renderApp('/vorschau-lichtenfels/stelle/nope');
    await screen.findByRole('heading', { level: 1, name: 'Stelle nicht gefunden' });
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeTruthy();
  });

  it('answers an unknown region with a German not-found page listing the regions', async () => {
    servePublic();
    renderApp('/vorschau-atlantis');
    await screen.findByRole('heading', { level: 1, name: 'Region nicht gefunden' });
    expect(screen.getByRole('link', { name: 'Monheim am Rhein' }).getAttribute('href')).toBe(
      '#/vorschau-monheim-am-rhein',
    );
  });
});
