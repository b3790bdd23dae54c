import { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_CLICKED_ATTRIBUTE, LOGIN_PRERENDER_ID } from '@matchwerk/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissLoginPrerender,
  isLoginPrerenderShown,
  prerenderedLoginInput,
  replayPrerenderClick,
} from './login-prerender';

function prerender(): HTMLElement {
  const element = document.createElement('div');
  element.id = LOGIN_PRERENDER_ID;
  element.innerHTML = `
    <input name="email" value="a@b.de"><input name="password" type="password" value="geheim">
    <input type="checkbox" checked><button type="button">Passwort vergessen?</button><button type="submit">Anmelden</button>`;
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.className = '';
  document.documentElement.removeAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE);
});

describe('the prerendered login', () => {
  it('counts as shown only when the route script marked the page as opened on the login', () => {
    prerender();
    expect(isLoginPrerenderShown()).toBe(false);
    expect(prerenderedLoginInput()).toBeNull();
    document.documentElement.classList.add(LOGIN_PRERENDER_CLASS);
    expect(isLoginPrerenderShown()).toBe(true);
  });

  it('hands over what was typed, ticked, focused and clicked', () => {
    const element = prerender();
    document.documentElement.classList.add(LOGIN_PRERENDER_CLASS);
    element.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    document.documentElement.setAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE, '1 Anmelden');
    expect(prerenderedLoginInput()).toEqual({
      email: 'a@b.de',
      password: 'geheim',
      rememberMe: true,
      focused: 'password',
      clicked: { index: 1, label: 'Anmelden' },
    });
  });

  it('is gone with its marks once dismissed', () => {
    prerender();
    document.documentElement.classList.add(LOGIN_PRERENDER_CLASS);
    document.documentElement.setAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE, '0 Passwort vergessen?');
    dismissLoginPrerender();
    expect(document.getElementById(LOGIN_PRERENDER_ID)).toBeNull();
    expect(document.documentElement.classList.contains(LOGIN_PRERENDER_CLASS)).toBe(false);
    expect(document.documentElement.hasAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE)).toBe(false);
  });

  it('clicks the same button of the app, and never a different one', () => {
    const screen = prerender();
    const [forgot, submit] = [...screen.querySelectorAll('button')];
    const clicks = { forgot: vi.fn(), submit: vi.fn() };
    forgot?.addEventListener('click', clicks.forgot);
    submit?.addEventListener('click', clicks.submit);

    replayPrerenderClick({ index: 1, label: 'Anmelden' }, screen);
    replayPrerenderClick({ index: 0, label: 'Anmelden' }, screen);
    replayPrerenderClick({ index: 5, label: 'Anmelden' }, screen);
    replayPrerenderClick(null, screen);
    expect(clicks.submit).toHaveBeenCalledTimes(1);
    expect(clicks.forgot).not.toHaveBeenCalled();
  });
});
