import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});

// jsdom does not implement scrolling; the app scrolls to the top on every navigation.
window.scrollTo = () => undefined;
// Nor element scrolling: forms scroll their first invalid field into view.
Element.prototype.scrollIntoView = () => undefined;
