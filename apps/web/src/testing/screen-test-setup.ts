/**
 * What the screen tests that render the whole app (renderApp) set up around each test. A call at
 * the top of a test file registers it for every test in that file.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { useUiStore } from '../stores/ui-store';

export function setUpScreenTests(): void {
  beforeEach(() => {
    // The UI store outlives a test: no app shown yet, no logout running, desktop width, no snackbar.
    useUiStore.setState({
      renderApp: false,
      loggingOut: false,
      mobileView: false,
      showErrorSnackbar: false,
      showDefaultSnackbar: false,
    });
    // Refused requests and React's warnings about them are what many of these tests provoke.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
