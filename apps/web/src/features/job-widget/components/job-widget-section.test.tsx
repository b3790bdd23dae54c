/**
 * Mein Unternehmen → "Stellen auf Ihrer Website": the organisation user sees its snippet, copies it
 * (with a German confirmation, or a hint when the clipboard is refused) and a live preview of its
 * postings; admins and partners managing a company do not get the section.
 */
import type { JobWidgetResponse, Organization } from '@matchwerk/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../../stores/ui-store';
import { fakeAdmin, fakeUser } from '../../../testing/fake-user';
import { fakeOrganization } from '../../../testing/fake-vacancy';
import { serveApi, sessionHandlers, companyPageHandlers } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';

const ORIGIN = window.location.origin;
const WIDGET: JobWidgetResponse = {
  organization: { name: 'Beispiel GmbH', logoUrl: null },
  postings: [
    {
      id: 'v1',
      title: 'Ausbildung Tischler/in',
      type: 'APPRENTICESHIP',
      typeLabel: 'Ausbildung',
      city: 'Horb',
      start: '2027-08-01',
      imageUrl: null,
      url: `${ORIGIN}/stellen/v1`,
    },
  ],
};

/** The API of the settings screen as `user` sees it, with the widget's public data of org-1. */
function serveSettings(user = fakeUser(), organization: Organization = fakeOrganization()) {
  serveApi(
    ...sessionHandlers(user),
    http.get('/rest/organization/org-1', () => HttpResponse.json(organization)),
    http.get('/rest/public/organizations/org-1/job-widget', () => HttpResponse.json(WIDGET)),
    // After the test's own answers: the first matching handler answers.
    ...companyPageHandlers(user),
  );
}

beforeEach(() => {
  useUiStore.setState({
    renderApp: false,
    loggingOut: false,
    mobileView: false,
    showDefaultSnackbar: false,
    defaultSnackbarText: '',
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Stellen auf Ihrer Website', () => {
  it('shows the snippet read-only, copies it with a German confirmation and previews the postings', async () => {
    serveSettings();
    // user-event installs its own clipboard on setup; spy on that one.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 2, name: 'Stellen auf Ihrer Website' })).toBeTruthy();
    const code = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Code für Ihre Website' });
    const snippet = `<script src="${ORIGIN}/widget/v1.js" data-organization="org-1" async></script>`;
    expect(code.value).toBe(snippet);
    expect(code.readOnly).toBe(true);
    expect(
      screen.getByText(
        /Es erscheinen nur aktive Stellenanzeigen, und nur solange Ihr Unternehmen freigeschaltet und aktiv ist/,
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Kopieren' }));
    expect(writeText).toHaveBeenCalledWith(snippet);
    await waitFor(() =>
      expect(useUiStore.getState().defaultSnackbarText).toBe('Code kopiert. Fügen Sie ihn jetzt in Ihre Website ein.'),
    );

    await user.click(screen.getByRole('radio', { name: /^iframe/ }));
    expect(code.value).toBe(
      `<iframe src="${ORIGIN}/widget/v1/frame/org-1" title="Offene Stellen" loading="lazy" style="width:100%;height:640px;border:0"></iframe>`,
    );
    expect(screen.getByText(/feste Höhe \(640 Pixel\)/)).toBeTruthy();

    const preview = screen.getByTestId('job-widget-preview');
    await waitFor(() =>
      expect(preview.shadowRoot?.querySelector('a')?.getAttribute('href')).toBe(`${ORIGIN}/stellen/v1`),
    );
    expect(preview.shadowRoot?.querySelector('h4')?.textContent).toBe('Offene Stellen bei Beispiel GmbH');
  });

  it('selects the code for Ctrl+C when the clipboard is refused, and says the company is not released', async () => {
    serveSettings(fakeUser(), fakeOrganization({ active: false }));
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderApp('/settings');
    const code = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Code für Ihre Website' });
    expect(screen.getByText(/Ihr Unternehmen ist zurzeit nicht freigeschaltet oder nicht aktiv/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kopieren' }));
    await waitFor(() => expect(useUiStore.getState().defaultSnackbarText).toMatch(/^Kopieren war nicht möglich/));
    expect(document.activeElement).toBe(code);
    expect(code.selectionEnd - code.selectionStart).toBe(code.value.length);
  });

  it('is not shown to an admin managing the company', async () => {
    serveSettings(fakeAdmin());
    renderApp('/organization/org-1');
    expect(await screen.findByRole('textbox', { name: 'Name des Unternehmens' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Stellen auf Ihrer Website' })).toBeNull();
  });
});
