import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of a lazy route loads its module; on a busy 2-core CI machine that can take
// longer than testing-library's 1 s default for findBy*/waitFor, which failed screens that work.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});

// jsdom does not implement scrolling; the app scrolls to the top on every navigation.
window.scrollTo = () => undefined;
// Nor element scrolling: forms scroll their first invalid field into view.
Element.prototype.scrollIntoView = () => undefined;
