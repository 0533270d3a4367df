import type { TPermissibleObject } from '@haulboard/contract';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import GroupIcon from '@mui/icons-material/Group';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import type { ReactElement } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { paths } from '../lib/paths';

/**
 * The pages inside /app. One entry gives a feature its route, its page guard (spec §6 page name)
 * and its menu entry, so a menu can never point at a page that does not exist. Entries are listed
 * in menu order; `group: 'System'` puts an entry in the System group (spec §2 Layout).
 */
export type TAppPage = {
  path: string;
  label: string;
  object: TPermissibleObject;
  icon: ReactElement;
  group?: 'System';
  /** false: a route without a menu entry (a page reached from another page, or a path variant). */
  inMenu?: false;
  lazy: LazyRouteFunction<RouteObject>;
};

const loadBoardPage = () => import('../features/loads/load-board-page');

export const appPages: TAppPage[] = [
  {
    path: paths.loadBoard,
    label: 'Load Board',
    object: 'LoadBoardPage',
    icon: <LocalShippingOutlinedIcon />,
    lazy: () => loadBoardPage().then((m) => ({ Component: m.LoadBoardPage })),
  },
  {
    path: `${paths.loadBoard}/:loadNumber`,
    label: 'Load Board',
    object: 'LoadBoardPage',
    icon: <LocalShippingOutlinedIcon />,
    inMenu: false,
    lazy: () => loadBoardPage().then((m) => ({ Component: m.LoadBoardNumberRedirect })),
  },
  {
    path: paths.weeklyPrintView,
    label: 'Weekly report',
    object: 'LoadBoardPage',
    icon: <LocalShippingOutlinedIcon />,
    inMenu: false,
    lazy: () => import('../features/loads/weekly-print-page').then((m) => ({ Component: m.WeeklyPrintPage })),
  },
  {
    path: paths.loadHistory,
    label: 'Load History',
    object: 'LoadHistoryPage',
    icon: <HistoryOutlinedIcon />,
    lazy: () => import('../features/load-history/load-history-page').then((m) => ({ Component: m.LoadHistoryPage })),
  },
  {
    path: paths.userAdmin,
    label: 'User Admin',
    object: 'UserAdmin',
    icon: <GroupIcon />,
    lazy: () => import('../features/users/user-admin-page').then((m) => ({ Component: m.UserAdminPage })),
  },
  {
    path: paths.brokerAdmin,
    label: 'Broker Admin',
    object: 'BrokerAdmin',
    icon: <BusinessOutlinedIcon />,
    lazy: () => import('../features/brokers/broker-admin-page').then((m) => ({ Component: m.BrokerAdminPage })),
  },
  {
    path: paths.systemAdmin,
    label: 'System Admin',
    object: 'SystemAdminPage',
    icon: <AdminPanelSettingsOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/system-admin/system-admin-page').then((m) => ({ Component: m.SystemAdminPage })),
  },
];
