import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import HelpIcon from '@mui/icons-material/HelpOutlined';
import InboxIcon from '@mui/icons-material/MoveToInboxOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import SchoolIcon from '@mui/icons-material/SchoolOutlined';
import StoreIcon from '@mui/icons-material/StorefrontOutlined';
import WorkIcon from '@mui/icons-material/WorkOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { USER_TYPE_LABELS, type Area, type CurrentUser, type RouteName } from '@matchwerk/shared';
import type { ReactElement } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link as RouterLink } from '../../lib/router';
import { actorFor } from '../../lib/session';
import { logoRegionsFor, RegionLogos } from './region-logos';
import { sidebarEntriesFor } from './sidebar-entries';

const ICONS: Record<Area, ReactElement> = {
  statistics: <BarChartIcon />,
  vacancies: <WorkIcon />,
  candidates: <InboxIcon />,
  chats: <ChatIcon />,
  organizations: <BusinessIcon />,
  users: <PeopleIcon />,
  settings: <StoreIcon />,
  orders: <ReceiptIcon />,
  studentStatistics: <SchoolIcon />,
  help: <HelpIcon />,
  reports: <FlagIcon />,
  administration: <AdminIcon />,
};

/** What a badge's number means, in the link's accessible name. */
const BADGE_NAMES: Partial<Record<Area, 'nav.candidatesNew' | 'nav.chatsUnread' | 'nav.organizationsWaiting'>> = {
  candidates: 'nav.candidatesNew',
  chats: 'nav.chatsUnread',
  organizations: 'nav.organizationsWaiting',
};

export interface SidebarProps {
  user: CurrentUser;
  activeRoute: RouteName | undefined;
  /** Mobile view: temporary drawer with logout in the list; otherwise permanent with logout at the bottom. */
  mobile: boolean;
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
  /** Id of the drawer, referenced by the menu button's aria-controls. */
  id?: string;
  /** Badge numbers: new matchings on Anfragen, unread messages on Nachrichten (ADR 0040), companies waiting for release on Unternehmen. */
  badges?: { candidates: number; chats: number; organizations?: number };
}

/** The navigation sidebar of spec §2. */
export function Sidebar({
  user,
  activeRoute,
  mobile,
  open,
  onClose,
  onLogout,
  id,
  badges = { candidates: 0, chats: 0 },
}: SidebarProps) {
  const { t } = useTranslation();
  const entries = sidebarEntriesFor(actorFor(user));

  const logoutItem = (
    <ListItem disablePadding>
      <ListItemButton onClick={onLogout}>
        <ListItemIcon>
          <LogoutIcon />
        </ListItemIcon>
        <ListItemText primary={t('common.logout')} />
      </ListItemButton>
    </ListItem>
  );

  const content = (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
    >
      <Box sx={{ px: 2.5, pt: 2.5, pb: 1.5 }}>
        <Typography component="p" variant="h2" color="primary.dark">
          {t('common.appName')}
        </Typography>
        <Typography component="p" variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
          {user.name}
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {user.organization?.name ?? USER_TYPE_LABELS[user.type]}
        </Typography>
      </Box>
      <Divider />
      <List>
        {entries.map((entry) => {
          const active = activeRoute !== undefined && entry.activeOn.includes(activeRoute);
          const label = t(entry.labelKey);
          const badge =
            entry.area === 'candidates' || entry.area === 'chats' || entry.area === 'organizations'
              ? (badges[entry.area] ?? 0)
              : 0;
          // The link's accessible name carries the count ("Anfragen, 3 neu"); the visual badge is hidden from screen readers.
          const accessibleName =
            badge > 0 ? t(BADGE_NAMES[entry.area] ?? 'nav.chatsUnread', { label, count: badge }) : undefined;
          return (
            <ListItem key={entry.area} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={entry.path}
                className={active ? 'active' : undefined}
                aria-current={active ? 'page' : undefined}
                onClick={mobile ? onClose : undefined}
                aria-label={accessibleName}
              >
                <ListItemIcon>{ICONS[entry.area]}</ListItemIcon>
                <ListItemText primary={label} />
                {badge > 0 && (
                  <Badge
                    badgeContent={badge}
                    max={99}
                    color="error"
                    aria-hidden
                    data-testid={`badge-${entry.area}`}
                    sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none', fontWeight: 700 } }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
        {mobile && logoutItem}
      </List>
      <Box sx={{ flexGrow: 1 }} />
      <RegionLogos regions={logoRegionsFor(user)} />
      {!mobile && (
        <>
          <Divider />
          <List>{logoutItem}</List>
        </>
      )}
    </Box>
  );

  return mobile ? (
    <Drawer
      id={id}
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t('nav.label') } }}
    >
      {content}
    </Drawer>
  ) : (
    <Drawer id={id} variant="permanent" open>
      {content}
    </Drawer>
  );
}
