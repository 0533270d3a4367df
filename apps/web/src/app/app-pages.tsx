import type { TPermissibleObject } from '@haulboard/contract';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import GroupIcon from '@mui/icons-material/Group';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import LocalGasStationOutlinedIcon from '@mui/icons-material/LocalGasStationOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import ManageSearchOutlinedIcon from '@mui/icons-material/ManageSearchOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlinedIcon from '@mui/icons-material/RequestQuoteOutlined';
import RouteOutlinedIcon from '@mui/icons-material/RouteOutlined';
import SummarizeOutlinedIcon from '@mui/icons-material/SummarizeOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
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
    path: paths.driverDashboard,
    label: 'Driver Dashboard',
    object: 'DriverDashboardPage',
    icon: <AccountBalanceWalletOutlinedIcon />,
    lazy: () => import('../features/driver-dashboard/driver-dashboard-page').then((m) => ({ Component: m.DriverDashboardPage })),
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
    path: paths.expenses,
    label: 'Expenses',
    object: 'ExpenseAdminPage',
    icon: <ReceiptLongOutlinedIcon />,
    lazy: () => import('../features/expenses/expense-admin-page').then((m) => ({ Component: m.ExpenseAdminPage })),
  },
  {
    path: paths.settlements,
    label: 'Settlements',
    object: 'DriverDashboardPage',
    icon: <PaymentsOutlinedIcon />,
    lazy: () => import('../features/settlements/settlements-page').then((m) => ({ Component: m.SettlementsPage })),
  },
  {
    path: paths.searchDashboard,
    label: 'Search Dashboard',
    object: 'SearchDashboardPage',
    icon: <TravelExploreOutlinedIcon />,
    lazy: () => import('../features/load-orders/search-dashboard-page').then((m) => ({ Component: m.SearchDashboardPage })),
  },
  {
    path: paths.iftaReport,
    label: 'IFTA report',
    object: 'IftaReportPage',
    icon: <SummarizeOutlinedIcon />,
    lazy: () => import('../features/fuel/ifta-report-page').then((m) => ({ Component: m.IftaReportPage })),
  },
  {
    path: paths.loadSearch,
    label: 'Load Search',
    object: 'LoadSearchPage',
    icon: <ManageSearchOutlinedIcon />,
    lazy: () => import('../features/load-search/load-search-page').then((m) => ({ Component: m.LoadSearchPage })),
  },
  {
    path: paths.systemAdmin,
    label: 'System Admin',
    object: 'SystemAdminPage',
    icon: <AdminPanelSettingsOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/system-admin/system-admin-page').then((m) => ({ Component: m.SystemAdminPage })),
  },
  {
    path: paths.loadImport,
    label: 'Load Import',
    object: 'LoadImportPage',
    icon: <UploadFileOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/loads/load-import-page').then((m) => ({ Component: m.LoadImportPage })),
  },
  {
    path: paths.invoiceImport,
    label: 'Invoice Import',
    object: 'InvoiceImportPage',
    icon: <RequestQuoteOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/invoices/invoice-import-page').then((m) => ({ Component: m.InvoiceImportPage })),
  },
  {
    path: paths.fuelImport,
    label: 'Fuel Import',
    object: 'FuelImportPage',
    icon: <LocalGasStationOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/fuel/fuel-import-page').then((m) => ({ Component: m.FuelImportPage })),
  },
  {
    path: paths.iftaMilesImport,
    label: 'IFTA Miles Import',
    object: 'IftaMilesImportPage',
    icon: <RouteOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/fuel/ifta-miles-import-page').then((m) => ({ Component: m.IftaMilesImportPage })),
  },
  {
    path: paths.cookieAdmin,
    label: 'Cookie Administration',
    object: 'CookieAdminPage',
    icon: <CookieOutlinedIcon />,
    group: 'System',
    lazy: () => import('../features/cookies/cookie-admin-page').then((m) => ({ Component: m.CookieAdminPage })),
  },
];
