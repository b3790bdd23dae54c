import { LOGIN_PRERENDER_CLASS, LOGIN_PRERENDER_CLICKED_ATTRIBUTE, LOGIN_PRERENDER_ID } from '@matchwerk/shared';

/*
 * The login screen prerendered into index.html at build time (ADR 0061) paints with the HTML,
 * before the JavaScript has loaded, on `#/login` only (the route script in index.html marks the
 * page). React's own login screen replaces it and takes over what was done in it.
 */

export interface PrerenderedLoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
  /** The field that had the focus, to give it back. */
  focused: 'email' | 'password' | null;
  /** The button clicked before the app ran (its index among the form's buttons and its label). */
  clicked: { index: number; label: string } | null;
}

function shownPrerender(): HTMLElement | null {
  // The prerender itself renders the login screen where there is no document (at build time).
  if (typeof document === 'undefined') return null;
  if (!document.documentElement.classList.contains(LOGIN_PRERENDER_CLASS)) return null;
  return document.getElementById(LOGIN_PRERENDER_ID);
}

/** Whether the prerendered login is on screen (then the app shows no loading overlay over it). */
export function isLoginPrerenderShown(): boolean {
  return shownPrerender() !== null;
}

function clickedButton(): PrerenderedLoginInput['clicked'] {
  const value = document.documentElement.getAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE);
  const match = value?.match(/^(\d+) (.*)$/s);
  return match ? { index: Number(match[1]), label: match[2] ?? '' } : null;
}

/** What the user did in the prerendered login before the app ran; null when none is shown. */
export function prerenderedLoginInput(): PrerenderedLoginInput | null {
  const root = shownPrerender();
  if (!root) return null;
  const input = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const email = input('email');
  const password = input('password');
  const active = document.activeElement;
  return {
    email: email?.value ?? '',
    password: password?.value ?? '',
    rememberMe: root.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked ?? false,
    focused: active === email ? 'email' : active === password ? 'password' : null,
    clicked: clickedButton(),
  };
}

/** Removes the prerendered login: the app's own screen is there (or another one is shown). */
export function dismissLoginPrerender(): void {
  document.getElementById(LOGIN_PRERENDER_ID)?.remove();
  document.documentElement.classList.remove(LOGIN_PRERENDER_CLASS);
  document.documentElement.removeAttribute(LOGIN_PRERENDER_CLICKED_ATTRIBUTE);
}

/**
 * Clicks the app's button that matches the one clicked in the prerender: same place among the
 * form's buttons (the build checks that all of the prerender's buttons are in its form) and same
 * label, or none (never a different one).
 */
export function replayPrerenderClick(clicked: PrerenderedLoginInput['clicked'], form: ParentNode): void {
  if (!clicked) return;
  const button = form.querySelectorAll('button')[clicked.index];
  if (button && (button.getAttribute('aria-label') || button.textContent) === clicked.label) button.click();
}
