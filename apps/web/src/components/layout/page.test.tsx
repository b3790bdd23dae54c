import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { useUnreadStore } from '../../stores/unread-store';
import { Page } from './page';

afterEach(() => act(() => useUnreadStore.getState().setTotal(0)));

describe('Page title', () => {
  it('shows the number of new things in the browser tab and follows it', () => {
    act(() => useUnreadStore.getState().setTotal(4));
    render(<Page title="Anfragen" />);
    expect(document.title).toBe('(4) Anfragen · Matchwerk');
    act(() => useUnreadStore.getState().setTotal(0));
    expect(document.title).toBe('Anfragen · Matchwerk');
  });
});
