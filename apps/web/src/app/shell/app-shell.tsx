import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { AppBar, Box, Divider, Drawer, IconButton, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogOut } from '../../features/auth/api/log-out';
import { useCan } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { appPages } from '../app-pages';
import { useThemeMode } from '../theme';
import { DESKTOP_QUERY, MOBILE_QUERY, SIDEBAR_WIDTH } from './layout';
import { buildMenu } from './menu';
import { NavMenu } from './nav-menu';
import { UserCard } from './user-card';

const MINI_WIDTH = 64;

/** Matches pushed by the load-order engine, shown on every page (its code loads only for those who may see them). */
const OrderAlerts = lazy(() => import('../../features/load-orders/components/order-alerts'));

/** The authenticated layout (spec §2 Layout): top bar, collapsible sidebar, the page. */
export function AppShell() {
  const { data: user } = useSession();
  const { mode, toggleMode } = useThemeMode();
  const { logOut, isPending: leaving } = useLogOut();
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [collapsed, setCollapsed] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const seesOrders = useCan('SearchDashboardPage', 'Read');

  // A page chosen from the phone drawer should be visible, not hidden under the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMobileOpen(false), [location.pathname]);

  if (!user) return null;
  const menu = buildMenu(appPages, user.userPermissibleObjects);
  const mini = !isMobile && collapsed;
  const width = mini ? MINI_WIDTH : SIDEBAR_WIDTH;
  const nextMode = mode === 'light' ? 'dark' : 'light';

  const sidebar = (
    <>
      <Toolbar />
      <UserCard user={user} mini={mini} />
      <Divider />
      <NavMenu menu={menu} mini={mini} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="default" sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Toolbar sx={{ gap: 1 }}>
          <Tooltip title={isMobile ? 'Open menu' : collapsed ? 'Expand menu' : 'Collapse menu'}>
            <IconButton
              edge="start"
              aria-label={isMobile ? 'Open menu' : collapsed ? 'Expand menu' : 'Collapse menu'}
              onClick={() => (isMobile ? setMobileOpen((o) => !o) : setCollapsed((c) => !c))}
            >
              {!isMobile && !collapsed ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
          <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1, minWidth: 0 }} data-testid="top-bar-company">
            {user.company}
          </Typography>
          <Tooltip title={`Switch to ${nextMode} theme`}>
            <IconButton aria-label={`Switch to ${nextMode} theme`} onClick={toggleMode}>
              {mode === 'light' ? <DarkModeOutlinedIcon /> : <LightModeOutlinedIcon />}
            </IconButton>
          </Tooltip>
          <Tooltip title="Log out">
            <IconButton aria-label="Log out" onClick={logOut} disabled={leaving} edge="end">
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>

      {isMobile ? (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH } } }}
        >
          {/* Choosing any entry closes the drawer, the current page's entry included. */}
          <Box
            sx={{ display: 'contents' }}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) setMobileOpen(false);
            }}
          >
            {sidebar}
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{
            width,
            flexShrink: 0,
            transition: (t) => t.transitions.create('width'),
            '& .MuiDrawer-paper': { width, overflowX: 'hidden', boxSizing: 'border-box', transition: (t) => t.transitions.create('width') },
          }}
        >
          {sidebar}
        </Drawer>
      )}

      <Box
        component="main"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          p: { xs: 1.5, sm: 3 },
          // One scroll per page: a page whose table fills (DataTable `fill`) is exactly the window's
          // height, a column whose table takes what the header and filters leave. Phones scroll the page.
          [`@media ${DESKTOP_QUERY}`]: {
            '&:has(> [data-table-fill])': {
              height: '100dvh',
              pb: 1.5,
              display: 'flex',
              flexDirection: 'column',
              '& > :not([data-table-fill])': { flexShrink: 0 },
            },
          },
        }}
      >
        <Toolbar />
        <Outlet />
      </Box>
      {seesOrders && (
        <Suspense fallback={null}>
          <OrderAlerts />
        </Suspense>
      )}
    </Box>
  );
}
