import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PHONE_MESSAGES, POSTCODE_MESSAGES, POSTING_DATE_MESSAGES, type Vacancy } from '@matchwerk/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeUser } from '../../../testing/fake-user';
import { fakeVacancy } from '../../../testing/fake-vacancy';
import { apiError, recordRequests, serveApi, sessionHandlers, noUnread } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

/** The shell's unread counts, which an organisation user's screens poll in the background: nothing new. */
/** Issue #14: every message of the shared rules shows under its field (the field's description), not only as a summary. */

/** The editor's API: `stored` is the posting; a save answers `answerSave` (default: saved). */
function serveEditor(stored: Vacancy, answerSave?: (body: unknown) => Response) {
  serveApi(
    ...sessionHandlers(fakeUser()),
    noUnread(),
    http.put('/rest/vacancy/vac-1', async ({ request }) => {
      const body: unknown = await request.json();
      return answerSave?.(body) ?? HttpResponse.json({ vacancy: stored, geocodeWarning: null });
    }),
    http.get('/rest/vacancy/vac-1', () => HttpResponse.json(stored)),
  );
}

/** The text of the element that describes `input` (MUI's helper text). */
function descriptionOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  useUiStore.setState({ renderApp: false, loggingOut: false, mobileView: false, showErrorSnackbar: false });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Vacancy editor field errors', () => {
  it('puts the postcode, phone and date messages under their fields and sends nothing', async () => {
    // A stored posting whose start has passed: unchanged it is fine, moved to another past day it is not.
    const requests = recordRequests();
    serveEditor(fakeVacancy({ start: '2025-09-01', startOfTraining: null }));
    renderApp('/vacancies/vac-1');
    const zipCode = await screen.findByRole('textbox', { name: /^PLZ/ });
    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    const start = screen.getByRole('group', { name: 'Beginn' });
    const user = userEvent.setup();
    /** Types a German date into the picker's sections (TT.MM.JJJJ). */
    const typeStart = async (digits: string) => {
      await user.click(within(start).getByRole('spinbutton', { name: 'Tag' }));
      // Clear all sections first: typing over a filled day section starts a new day.
      await user.keyboard('{Control>}a{/Control}{Backspace}');
      await user.keyboard(digits);
    };

    // Input events instead of typing: the editor's DOM is large and typing is slow on a busy machine.
    // Not change events: only React hears a bare `change` as onChange; Preact listens to `input`, as
    // typing, pasting and autofill all fire (a difference only tests see).
    fireEvent.input(zipCode, { target: { value: '12345' } });
    fireEvent.input(phone, { target: { value: '030 12' } });
    await typeStart('01102025');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(descriptionOf(zipCode)).toBe(POSTCODE_MESSAGES.unknown));
    expect(zipCode.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(phone)).toBe(PHONE_MESSAGES.invalid);
    expect(descriptionOf(start)).toBe(POSTING_DATE_MESSAGES.past);
    expect(requests.some((request) => request.method === 'PUT' && request.path === '/rest/vacancy/vac-1')).toBe(false);

    // The stored past start again, a real postcode, a phone as people type it: saved.
    await typeStart('01092025');
    fireEvent.input(zipCode, { target: { value: '72160' } });
    fireEvent.input(phone, { target: { value: '0171 1234567' } });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(
        requests.find((request) => request.method === 'PUT' && request.path === '/rest/vacancy/vac-1')?.body,
      ).toMatchObject({ contactPhone: '+49 171 1234567', start: '2025-09-01' }),
    );
  });

  it("puts the server's field errors under their fields too", async () => {
    serveEditor(fakeVacancy(), () =>
      apiError(
        400,
        'VALIDATION_FAILED',
        'Die Eingaben sind unvollständig oder ungültig. Bitte prüfen Sie die markierten Felder.',
        { 'location.zipCode': POSTCODE_MESSAGES.unknown, startOfTraining: POSTING_DATE_MESSAGES.past },
      ),
    );
    renderApp('/vacancies/vac-1');
    const zipCode = await screen.findByRole('textbox', { name: /^PLZ/ });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(descriptionOf(zipCode)).toBe(POSTCODE_MESSAGES.unknown));
    expect(descriptionOf(screen.getByRole('group', { name: 'Ausbildungsbeginn' }))).toBe(POSTING_DATE_MESSAGES.past);
  });
});
