import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VacancyListItem } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { fakeOrganization, fakeVacancy, fakeVacancyListItem } from '../../../testing/fake-vacancy';
import {
  apiError,
  noUnread,
  pagedVacancyList,
  recordRequests,
  serveApi,
  sessionHandlers,
} from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

/** The shell's unread counts, which an organisation user's screens poll in the background: nothing new. */
/** The postings API of an organisation user's screens, listing `items`. */
function serveVacancies(
  items: VacancyListItem[] = [fakeVacancyListItem()],
  // The company profile a new posting is prefilled from (issue #48); by default it knows nothing.
  organization = fakeOrganization({ contactName: null, contactPhone: null, city: null }),
) {
  serveApi(
    ...sessionHandlers(fakeUser()),
    noUnread(),
    http.get(`/rest/organization/${organization.id}`, () => HttpResponse.json(organization)),
    http.get('/rest/vacancy', () =>
      HttpResponse.json({ items, total: items.length, page: 0, pageSize: 25, nextCursor: null, totalExact: true }),
    ),
    http.get('/rest/vacancy/vac-1', () => HttpResponse.json(fakeVacancy())),
  );
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Vacancy list', () => {
  it('sorts on the server and keeps sorting and paging in the URL', async () => {
    const requests = recordRequests();
    serveVacancies();
    const { router } = renderApp('/vacancies');
    await screen.findByRole('heading', { level: 1, name: 'Stellenanzeigen' });
    await waitFor(() =>
      expect(requests.map((c) => c.path)).toContain('/rest/vacancy?page=0&pageSize=25&sort=title&order=asc'),
    );
    const table = await screen.findByRole('table', { name: 'Stellenanzeigen' });
    expect(within(table).getByRole('link', { name: 'Ausbildung Mechatroniker/in' }).getAttribute('href')).toBe(
      '#/vacancies/vac-1',
    );
    expect(within(table).getByText('01.09.2027')).toBeTruthy();
    // "Gehalt" per training year; no company column for an employer's own postings (issue 48 item 5).
    expect(within(table).getByText(/^1\. Jahr: 950\s€$/)).toBeTruthy();
    expect(within(table).getByText(/^3\. Jahr: 1\.150\s€$/)).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: /Unternehmen/ })).toBeNull();
    expect(requests.some((c) => c.path === '/rest/vacancy?page=0&pageSize=25&sort=title&order=asc')).toBe(true);

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Start/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=start'));
    await waitFor(() =>
      expect(requests.some((c) => c.path === '/rest/vacancy?page=0&pageSize=25&sort=start&order=asc')).toBe(true),
    );
    await user.click(within(table).getByRole('button', { name: /Start/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=start&order=desc'));
  });

  it('pages forward and back by cursor and starts over without cursors on a new sort', async () => {
    const items = Array.from({ length: 60 }, (_, index) =>
      fakeVacancyListItem({ id: `vac-${index}`, title: `Stelle ${String(index).padStart(2, '0')}` }),
    );
    const requests = recordRequests();
    serveApi(...sessionHandlers(fakeUser()), noUnread(), pagedVacancyList(items));
    const { router } = renderApp('/vacancies');
    const table = await screen.findByRole('table', { name: 'Stellenanzeigen' });
    await within(table).findByText('Stelle 00');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zur nächsten Seite' }));
    await within(table).findByText('Stelle 25', {});
    expect(
      requests.some((c) => c.path === '/rest/vacancy?page=1&pageSize=25&sort=title&order=asc&cursor=nach-seite-0'),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }));
    await within(table).findByText('Stelle 50');
    expect(
      requests.some((c) => c.path === '/rest/vacancy?page=2&pageSize=25&sort=title&order=asc&cursor=nach-seite-1'),
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Zur vorherigen Seite' }));
    await within(table).findByText('Stelle 25', {});
    expect(router.state.location.search).toBe('?page=1');
    // A new sort starts over: its page 2 waits for its own page 1's cursor.
    await user.click(within(table).getByRole('button', { name: /Start/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=start'));
    await waitFor(() =>
      expect(requests.some((c) => c.path === '/rest/vacancy?page=0&pageSize=25&sort=start&order=asc')).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Zur nächsten Seite' }));
    await waitFor(() =>
      expect(
        requests.some((c) => c.path === '/rest/vacancy?page=1&pageSize=25&sort=start&order=asc&cursor=nach-seite-0'),
      ).toBe(true),
    );
    expect(
      requests.filter(
        (c) =>
          c.path.startsWith('/rest/vacancy?') &&
          c.path.includes('cursor=') &&
          !c.path.includes('page=1') &&
          !c.path.includes('page=2'),
      ),
    ).toEqual([]);
  });

  it('opens a page reached by its URL without a cursor (offset)', async () => {
    const requests = recordRequests();
    serveVacancies();
    renderApp('/vacancies?page=2');
    await waitFor(() =>
      expect(requests.some((c) => c.path === '/rest/vacancy?page=2&pageSize=25&sort=title&order=asc')).toBe(true),
    );
  });

  it('shows views, interest and accepted per posting in the table', async () => {
    serveVacancies([fakeVacancyListItem({ views: 1234, interest: 7, accepted: 2 })]);
    renderApp('/vacancies');
    const table = await screen.findByRole('table', { name: 'Stellenanzeigen' });
    expect(within(table).getByRole('columnheader', { name: 'Aktivität' })).toBeTruthy();
    expect(within(table).getByTestId('vacancy-activity').textContent).toBe('Aufrufe 1.234Interesse 7angenommen 2');
  });

  it('shows the activity on the phone cards', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    // What the app shell sets at this width; set before the first render, so the list never shows
    // as a table first (the beforeEach above starts every test on a desktop).
    useUiStore.setState({ mobileView: true });
    try {
      serveVacancies([fakeVacancyListItem({ views: 3, interest: 0, accepted: 0 })]);
      renderApp('/vacancies');
      const views = await screen.findByTestId('vacancy-activity-views', {});
      expect(views.textContent).toBe('Aufrufe 3');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      window.innerWidth = width;
    }
  });

  it('invites to create the first posting when there is none', async () => {
    serveVacancies([]);
    renderApp('/vacancies');
    expect(await screen.findByText('Noch keine Stellenanzeigen. Legen Sie Ihre erste Stellenanzeige an.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Neue Stellenanzeige' }).length).toBeGreaterThan(0);
  });

  it('Link teilen explains why an inactive posting and a posting of a hidden company have no public link', async () => {
    const requests = recordRequests();
    serveVacancies([
      fakeVacancyListItem({ id: 'vac-1', title: 'Aktiv, Firma verborgen' }),
      fakeVacancyListItem({ id: 'vac-2', title: 'Inaktive Anzeige', active: false }),
    ]);
    // The public API does not show the active posting: its company is not public.
    serveApi(
      http.get('/rest/public/vacancies/vac-1', () =>
        apiError(404, 'NOT_FOUND', 'Die Stellenanzeige wurde nicht gefunden.'),
      ),
    );
    renderApp('/vacancies');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Link teilen: Inaktive Anzeige' }));
    const inactive = await screen.findByRole('dialog', { name: 'Link teilen' });
    expect(within(inactive).getByText(/nicht aktiv und hat deshalb keinen öffentlichen Link/)).toBeTruthy();
    expect(within(inactive).queryByLabelText('Öffentlicher Link')).toBeNull();
    await user.click(within(inactive).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Active, but the public API does not show it (it answers 404): the company is not public.
    await user.click(screen.getByRole('button', { name: 'Link teilen: Aktiv, Firma verborgen' }));
    const hidden = await screen.findByRole('dialog', { name: 'Link teilen' });
    expect(
      await within(hidden).findByText(/weil das Unternehmen deaktiviert ist oder noch auf die Freischaltung wartet/),
    ).toBeTruthy();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      'GET /rest/public/vacancies/vac-1',
    );
  });
});

describe('Vacancy editor', () => {
  it('shows German messages next to the fields when saving an empty posting', async () => {
    const requests = recordRequests();
    serveVacancies();
    renderApp('/vacancies/new');
    await screen.findByRole('heading', { level: 1, name: 'Neue Stellenanzeige' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte geben Sie einen Titel ein.')).toBeTruthy();
    expect(screen.getByText('Bitte beschreiben Sie die Stelle.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine Ansprechperson an.')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie den Ort ein.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Titel' }).getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((c) => c.path.startsWith('/rest/vacancy/org-1'))).toBe(false);
  });

  it('starts a new posting with contact person, phone and town from the company profile; Ausbildungsberuf from the list', async () => {
    serveVacancies(
      undefined,
      fakeOrganization({ contactName: 'Anna Beispiel', contactPhone: '07031 123456', city: 'Sindelfingen' }),
    );
    renderApp('/vacancies/new');
    expect(await screen.findByDisplayValue('Anna Beispiel')).toBeTruthy();
    expect(screen.getByDisplayValue('07031 123456')).toBeTruthy();
    expect(screen.getByDisplayValue('Sindelfingen')).toBeTruthy();
    const occupation = screen.getByRole('combobox', { name: 'Ausbildungsberuf' });
    const user = userEvent.setup();
    await user.type(occupation, 'mechatronikerin');
    await user.click(await screen.findByRole('option', { name: 'Mechatroniker/Mechatronikerin' }));
    expect(occupation).toHaveProperty('value', 'Mechatroniker/Mechatronikerin');
    expect(screen.getByText('Anerkannter Ausbildungsberuf aus der Liste.')).toBeTruthy();
    await user.clear(occupation);
    await user.type(occupation, 'Pizzabäcker');
    expect(screen.getByText(/Anderer Beruf: nicht in der Liste/)).toBeTruthy();
  });

  it('keeps the benefits of the old posting type after switching and names the ones the new type will not save', async () => {
    serveVacancies();
    renderApp('/vacancies/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Gute Übernahmechancen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prüfungsvorbereitung im Betrieb' }));
    expect(screen.queryByText(/werden beim Speichern nicht übernommen/)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art der Stelle' }), 'INTERNSHIP');
    expect(screen.getByRole('group', { name: 'Benefits für Praktikum' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Gute Übernahmechancen' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('checkbox', { name: 'Prüfungsvorbereitung im Betrieb' })).toBeNull();
    const notice = screen.getByText(/werden beim Speichern nicht übernommen/);
    expect(notice.textContent).toContain('„Praktikum“');
    expect(notice.textContent).toContain('„Prüfungsvorbereitung im Betrieb“');
    expect(notice.textContent).not.toContain('Gute Übernahmechancen');
    // Toggling a benefit of the new type keeps the hidden one, too.
    await user.click(screen.getByRole('checkbox', { name: 'Qualifiziertes Praktikumszeugnis' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Art der Stelle' }), 'APPRENTICESHIP');
    expect(screen.getByRole('checkbox', { name: 'Prüfungsvorbereitung im Betrieb' })).toHaveProperty('checked', true);
    expect(screen.getByText(/werden beim Speichern nicht übernommen/).textContent).toContain(
      '„Qualifiziertes Praktikumszeugnis“',
    );
  });

  // Three saves through the whole editor: more room than the others on a busy machine.
  it(
    'sends the loaded version as If-Match; on 412 keeps the input, lists it to copy and reloads on request',
    { timeout: 60_000 },
    async () => {
      let stored = fakeVacancy({ version: 3 });
      const colleague = fakeVacancy({ version: 4, title: 'Von der Kollegin geändert' });
      const requests = recordRequests();
      serveApi(
        ...sessionHandlers(fakeUser()),
        noUnread(),
        http.put('/rest/vacancy/vac-1', async ({ request }) => {
          const body = (await request.json()) as { title: string };
          // The colleague saved first: the stored version moved on.
          stored = colleague;
          if (request.headers.get('if-match') !== `"${stored.version}"`)
            return apiError(412, 'PRECONDITION_FAILED', 'Der Eintrag wurde inzwischen von jemand anderem geändert.');
          stored = { ...stored, title: body.title, version: stored.version + 1 };
          return HttpResponse.json({ vacancy: stored, geocodeWarning: null });
        }),
        http.get('/rest/vacancy/vac-1', () => HttpResponse.json(stored)),
      );
      renderApp('/vacancies/vac-1');
      // Element references instead of repeated role queries: the editor's DOM is large.
      const title = await screen.findByDisplayValue<HTMLInputElement>('Ausbildung Mechatroniker/in', {});
      const save = screen.getByRole('button', { name: 'Speichern' });
      const user = userEvent.setup();
      await user.clear(title);
      await user.click(title);
      await user.paste('Mein neuer Titel');
      await user.click(save);

      const dialog = await screen.findByRole('dialog', { name: 'Inzwischen geändert' });
      const puts = () => requests.filter((c) => c.method === 'PUT' && c.path === '/rest/vacancy/vac-1');
      expect(puts()[0]?.headers['if-match']).toBe('"3"');
      expect(within(dialog).getByText(/von jemand anderem geändert/)).toBeTruthy();
      const copy = within(dialog).getByRole('textbox', { name: 'Titel' });
      expect((copy as HTMLTextAreaElement).value).toBe('Mein neuer Titel');
      expect(copy.hasAttribute('readonly')).toBe(true);

      await user.click(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(title.value).toBe('Mein neuer Titel');

      await user.click(save);
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Inzwischen geändert' })).getByRole('button', {
          name: 'Neu laden',
        }),
      );
      await waitFor(() => expect(title.value).toBe('Von der Kollegin geändert'));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(save);
      await waitFor(() => expect(puts()).toHaveLength(3));
      expect(puts()[2]?.headers['if-match']).toBe('"4"');
      await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toBe('Änderungen gespeichert.'));
    },
  );

  it('loads a stored posting with its rich text sanitised and its status', async () => {
    serveVacancies();
    renderApp('/vacancies/vac-1');
    await screen.findByRole('heading', { level: 1, name: 'Stellenanzeige bearbeiten' });
    expect(await screen.findByDisplayValue('Ausbildung Mechatroniker/in')).toBeTruthy();
    expect(screen.getByText('inaktiv')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aktivieren' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeTruthy();
    const editor = screen.getByRole('textbox', { name: 'Beschreibung' });
    expect(editor.getAttribute('aria-multiline')).toBe('true');
    expect(editor.innerHTML).toContain('<strong>gute</strong>');
  });

  it(
    'after a switch to Ferienjob hides the training fields, names their values, and saves without them',
    { timeout: 60_000 },
    async () => {
      const requests = recordRequests();
      serveApi(
        ...sessionHandlers(fakeUser()),
        noUnread(),
        http.put('/rest/vacancy/vac-1', () =>
          HttpResponse.json({ vacancy: fakeVacancy({ type: 'HOLIDAY_JOB', version: 2 }), geocodeWarning: null }),
        ),
        http.get('/rest/vacancy/vac-1', () => HttpResponse.json(fakeVacancy({ benefits: [] }))),
      );
      renderApp('/vacancies/vac-1');
      await screen.findByDisplayValue('Mechatroniker/in', {});
      // Written before the occupation list: kept, and named as another occupation (issue #48).
      expect(screen.getByText(/Anderer Beruf: nicht in der Liste/)).toBeTruthy();
      const user = userEvent.setup();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Art der Stelle' }), 'HOLIDAY_JOB');
      const notice = screen.getByText(/werden diese Angaben nicht gespeichert/);
      expect(notice.textContent).toContain('„Ausbildungsberuf“ (Mechatroniker/in)');
      expect(notice.textContent).toContain('„Dauer“ (3,5 Jahre)');
      expect(notice.textContent).toContain('„Ausbildungsbeginn“ (01.09.2027)');
      expect(notice.textContent).toContain('„Vergütung pro Ausbildungsjahr“');
      expect(screen.queryByRole('combobox', { name: 'Ausbildungsberuf' })).toBeNull();
      expect(screen.getByRole('note', { name: /Jugendarbeitsschutz/ })).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      await waitFor(() =>
        expect(
          requests.find((c) => c.method === 'PUT' && c.path === '/rest/vacancy/vac-1')?.body as Record<string, unknown>,
        ).toMatchObject({
          type: 'HOLIDAY_JOB',
          trainingOccupationName: null,
          duration: null,
          startOfTraining: null,
          compensation: { salaryPerTrainingYear: [] },
        }),
      );
    },
  );

  it('"Duplizieren" creates the copy and opens it in the editor', { timeout: 60_000 }, async () => {
    const copy = fakeVacancy({ id: 'vac-2', title: 'Ausbildung Mechatroniker/in (Kopie)' });
    serveApi(
      ...sessionHandlers(fakeUser()),
      noUnread(),
      http.post('/rest/vacancy/vac-1/duplicate', () =>
        HttpResponse.json({ vacancy: copy, photosNotCopied: 0 }, { status: 201 }),
      ),
      http.get('/rest/vacancy/vac-1', () => HttpResponse.json(fakeVacancy())),
      http.get('/rest/vacancy/vac-2', () => HttpResponse.json(copy)),
    );
    const { router } = renderApp('/vacancies/vac-1');
    await screen.findByDisplayValue('Ausbildung Mechatroniker/in', {});
    await userEvent.setup().click(screen.getByRole('button', { name: 'Duplizieren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vacancies/vac-2'));
    expect(await screen.findByDisplayValue('Ausbildung Mechatroniker/in (Kopie)')).toBeTruthy();
  });
});
