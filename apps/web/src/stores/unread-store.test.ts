import { afterEach, describe, expect, it } from 'vitest';
import { titleWithUnread, useUnreadStore } from './unread-store';

afterEach(() => useUnreadStore.getState().setTotal(0));

describe('titleWithUnread', () => {
  it('puts the number of new things in front of the title', () => {
    expect(titleWithUnread('Anfragen · Matchwerk', 4)).toBe('(4) Anfragen · Matchwerk');
  });

  it('leaves the title alone when nothing is new', () => {
    expect(titleWithUnread('Anfragen · Matchwerk', 0)).toBe('Anfragen · Matchwerk');
  });
});

describe('useUnreadStore', () => {
  it('keeps the total the sidebar poll publishes', () => {
    useUnreadStore.getState().setTotal(7);
    expect(useUnreadStore.getState().total).toBe(7);
  });
});
