/**
 * Client-only UI state (spec §3 "Client state: UI"). Server data (the current user, config)
 * lives in TanStack Query, never here.
 */
import { MOBILE_BREAKPOINT_PX } from '@matchwerk/shared';
import { create } from 'zustand';

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

export interface UiState {
  showMobileNav: boolean;
  mobileView: boolean;
  showDefaultSnackbar: boolean;
  defaultSnackbarText: string;
  showErrorSnackbar: boolean;
  showDefaultLoading: boolean;
  renderApp: boolean;
  /** Set when an applicant account signed in: it was signed out again (spec §1). */
  applicantRefused: boolean;
  /** The user just signed out: go to a plain Login (no `?redirect=` back to the page they left). */
  loggingOut: boolean;
  /** The last screen (path with search) before Help: the feedback form sends it along (ADR 0036). */
  lastPage: string | null;

  setShowMobileNav: (open: boolean) => void;
  setMobileView: (mobile: boolean) => void;
  showSnackbar: (text: string) => void;
  hideSnackbar: () => void;
  showError: () => void;
  hideError: () => void;
  setShowDefaultLoading: (loading: boolean) => void;
  setRenderApp: (ready: boolean) => void;
  setApplicantRefused: (refused: boolean) => void;
  setLoggingOut: (loggingOut: boolean) => void;
  setLastPage: (page: string) => void;
}

export const useUiStore = create<UiState>()((set) => ({
  showMobileNav: false,
  mobileView: typeof window === 'undefined' ? false : isMobileWidth(window.innerWidth),
  showDefaultSnackbar: false,
  defaultSnackbarText: '',
  showErrorSnackbar: false,
  showDefaultLoading: false,
  renderApp: false,
  applicantRefused: false,
  loggingOut: false,
  lastPage: null,

  setShowMobileNav: (showMobileNav) => set({ showMobileNav }),
  // Leaving mobile view closes the temporary drawer so it does not reappear later.
  setMobileView: (mobileView) => set((s) => ({ mobileView, showMobileNav: mobileView ? s.showMobileNav : false })),
  showSnackbar: (defaultSnackbarText) => set({ showDefaultSnackbar: true, defaultSnackbarText }),
  hideSnackbar: () => set({ showDefaultSnackbar: false }),
  showError: () => set({ showErrorSnackbar: true }),
  hideError: () => set({ showErrorSnackbar: false }),
  setShowDefaultLoading: (showDefaultLoading) => set({ showDefaultLoading }),
  setRenderApp: (renderApp) => set({ renderApp }),
  setApplicantRefused: (applicantRefused) => set({ applicantRefused }),
  setLoggingOut: (loggingOut) => set({ loggingOut }),
  setLastPage: (lastPage) => set({ lastPage }),
}));
