import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { MOBILE_BREAKPOINT_PX, type CurrentUser, type RouteName } from '@matchwerk/shared';
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isMobileWidth, useUiStore } from '../../stores/ui-store';
import { SIDEBAR_WIDTH } from '../../theme/theme';
import { LoadingOverlay } from '../feedback/loading-overlay';
import type { SidebarProps } from './sidebar';

// Snackbars load when the first one opens: most sessions never need the error snackbar.
const AppSnackbars = lazy(() => import('../feedback/app-snackbars').then((m) => ({ default: m.AppSnackbars })));

// Only users of a deactivated or waiting organisation see it: not part of the login route's bundle.
const OrganizationStatusNotice = lazy(() =>
  import('../feedback/organization-status-notice').then((m) => ({ default: m.OrganizationStatusNotice })),
);

const DRAWER_ID = 'hauptnavigation';

/**
 * The sidebar's column takes room only at desktop widths, decided by CSS as well as by
 * `mobileView`: the store follows a resize in a render of its own, and until then a narrowed
 * window would keep the column and scroll sideways.
 */
const DESKTOP_MEDIA = `@media (min-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** How long after the frame first shows a phone loads its closed menu (ADR 0077). */
export const PHONE_MENU_DELAY_MS = 1500;

/**
 * Whether the sidebar is mounted. Beside the screen at once; on a phone, where the menu is closed,
 * once the first screen has had its time or as soon as the menu opens. Its files (and the unread
 * poll behind its badges, ADR 0040) then do not share a phone's first paint with the screen.
 */
function useSidebarMounted(mobile: boolean, open: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!mobile || due) return;
    const timer = window.setTimeout(() => setDue(true), PHONE_MENU_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mobile, due]);
  return !mobile || open || due;
}

/** Keeps `mobileView` in sync with the window width (spec §4: re-evaluated on resize). */
export function useMobileViewTracking() {
  const setMobileView = useUiStore((s) => s.setMobileView);
  useEffect(() => {
    const update = () => setMobileView(isMobileWidth(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setMobileView]);
}

export interface AppShellProps {
  /** The signed-in user when the sidebar shows; undefined hides the navigation. */
  navigationUser: CurrentUser | undefined;
  activeRoute: RouteName | undefined;
  onLogout: () => void;
  /** The content area (`main`), e.g. to scroll it to the top on navigation. */
  mainRef?: RefObject<HTMLElement | null>;
  /**
   * The sidebar to show, given by the app: it adds the unread badges (ADR 0040) and loads lazily,
   * so signed-out screens never load it. Shared layout code does not know the unread feature (ADR 0051).
   */
  sidebar: ComponentType<Omit<SidebarProps, 'badges'>>;
  children: ReactNode;
}

export function AppShell({
  navigationUser,
  activeRoute,
  onLogout,
  mainRef,
  sidebar: Sidebar,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  const ownMainRef = useRef<HTMLElement>(null);
  const contentRef = mainRef ?? ownMainRef;
  const mobileView = useUiStore((s) => s.mobileView);
  const showMobileNav = useUiStore((s) => s.showMobileNav);
  const setShowMobileNav = useUiStore((s) => s.setShowMobileNav);
  const snackbarsNeeded = useUiStore((s) => s.showDefaultSnackbar || s.showErrorSnackbar);
  useMobileViewTracking();
  const sidebarMounted = useSidebarMounted(mobileView, showMobileNav);

  const withNav = navigationUser !== undefined;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {withNav && (
        // WCAG 2.4.1: skip the navigation. A button, because a #fragment would be a hash route.
        <Box
          component="button"
          type="button"
          onClick={() => contentRef.current?.focus()}
          sx={{
            position: 'absolute',
            left: 8,
            top: -64,
            zIndex: (theme) => theme.zIndex.tooltip,
            px: 2,
            py: 1,
            border: 0,
            borderRadius: 1,
            bgcolor: 'primary.dark',
            color: 'primary.contrastText',
            font: 'inherit',
            fontWeight: 600,
            cursor: 'pointer',
            '&:focus': { top: 8 },
          }}
        >
          {t('nav.skipToContent')}
        </Box>
      )}
      {withNav && mobileView && (
        <AppBar position="fixed">
          <Toolbar>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.open')}
              aria-expanded={showMobileNav}
              aria-controls={DRAWER_ID}
              onClick={() => setShowMobileNav(!showMobileNav)}
              sx={{ mr: 1 }}
            >
              <MenuIcon />
            </IconButton>
            <Typography component="p" variant="h2" sx={{ fontSize: '1.1rem' }}>
              {t('common.appName')}
            </Typography>
          </Toolbar>
        </AppBar>
      )}
      {withNav && (
        <Box sx={{ width: 0, flexShrink: 0, ...(mobileView ? {} : { [DESKTOP_MEDIA]: { width: SIDEBAR_WIDTH } }) }}>
          {sidebarMounted && (
            <Suspense fallback={null}>
              <Sidebar
                id={DRAWER_ID}
                user={navigationUser}
                activeRoute={activeRoute}
                mobile={mobileView}
                open={showMobileNav}
                onClose={() => setShowMobileNav(false)}
                onLogout={() => {
                  setShowMobileNav(false);
                  onLogout();
                }}
              />
            </Suspense>
          )}
        </Box>
      )}
      <Box
        component="main"
        ref={contentRef}
        tabIndex={-1}
        sx={{
          flexGrow: 1,
          minWidth: 0,
          px: { xs: 2, sm: 4 },
          pb: 6,
          pt: withNav && mobileView ? 11 : 4,
          outline: 'none',
        }}
      >
        {navigationUser?.organization && !navigationUser.organization.active && (
          <Suspense fallback={null}>
            <OrganizationStatusNotice user={navigationUser} />
          </Suspense>
        )}
        {children}
      </Box>
      {snackbarsNeeded && (
        <Suspense fallback={null}>
          <AppSnackbars />
        </Suspense>
      )}
      <LoadingOverlay />
    </Box>
  );
}
