// First, as in main.tsx: the tests run on Preact like the app (ADR 0091).
import '../app/preact-compat-fixes';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { checkAnswersBeforeUse } from '../lib/contract';
import { useUiStore } from '../stores/ui-store';
import { apiServer } from './api-server';

// The first render of a lazy route loads its module; on a busy 2-core CI machine that can take
// far longer than testing-library's 1 s default for findBy*/waitFor (the posting list took more
// than 8 s while lint and the browser tests ran beside it). 30 s only guards against hangs.
configure({ asyncUtilTimeout: 30_000 });

// A request no handler answers is collected and fails the test after it ends (a throw inside
// msw would only reach the app, which shows its error state and may still satisfy the test).
const unhandled: string[] = [];
beforeAll(() => {
  // Answers are checked before they are used, as in the app once their schemas have loaded
  // (ADR 0078); contract.test.ts covers the answers that come before them.
  checkAnswersBeforeUse(true);
  apiServer.listen({
    onUnhandledRequest(request) {
      const url = new URL(request.url);
      unhandled.push(`${request.method} ${url.pathname}${url.search}`);
    },
  });
});
afterEach(() => {
  cleanup();
  // The UI store is a module singleton: a snackbar text of one test must not reach the next.
  useUiStore.setState(useUiStore.getInitialState(), true);
  apiServer.resetHandlers();
  const missed = unhandled.splice(0);
  if (missed.length > 0) throw new Error(`Anfragen ohne Handler im Test: ${missed.join(', ')}`);
});
afterAll(() => {
  apiServer.close();
});

// jsdom does not implement scrolling; the app scrolls to the top on every navigation.
window.scrollTo = () => undefined;
// Nor element scrolling: forms scroll their first invalid field into view.
Element.prototype.scrollIntoView = () => undefined;
