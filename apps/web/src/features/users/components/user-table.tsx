import type { TAdminUser } from '@haulboard/contract';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, Tooltip, useMediaQuery } from '@mui/material';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { formatDateTime, formatMoney, yesNo } from '../../../lib/format';

/** Spec §9: the user table pages 50 rows by default, with options 5, 10, 25, 50, 100 and 1000. */
export const USER_PAGE_SIZE = 50;
export const USER_PAGE_SIZE_OPTIONS = [5, 10, 25, 50, 100, 1000];

type TUserTableProps = { users: TAdminUser[]; loading: boolean; canEdit: boolean; onEdit: (user: TAdminUser) => void };

// Darker than the theme's warning colour on light backgrounds: 4.5:1 contrast for small text.
const awaitingSx = {
  color: (t: any) => (t.palette.mode === 'light' ? '#8a3d00' : t.palette.warning.light),
  borderColor: (t: any) => (t.palette.mode === 'light' ? '#8a3d00' : t.palette.warning.light),
};

/** '$150.00/wk' (flat, per work week) or '10% of gross'. */
export const serviceFeeText = (u: Pick<TAdminUser, 'serviceFee' | 'serviceFeeType'>) =>
  u.serviceFeeType === 'percent' ? `${u.serviceFee}% of gross` : `${formatMoney(u.serviceFee ?? 0)}/wk`;

export function UserTable({ users, loading, canEdit, onEdit }: TUserTableProps) {
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const columns: TColumn<TAdminUser>[] = [
    ...(canEdit
      ? [
          {
            id: 'actions',
            header: 'Edit',
            sortable: false,
            width: 64,
            cell: (u: TAdminUser) => (
              <Tooltip title={`Edit ${u.fullName}`}>
                <IconButton size="small" aria-label={`Edit ${u.fullName}`} onClick={() => onEdit(u)}>
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          },
        ]
      : []),
    {
      id: 'fullName',
      header: 'Name',
      // Phones hide the Email column, so the email shows under the name there.
      cell: (u) => (
        <>
          <CellLine>{u.fullName}</CellLine>
          <Box component="span" sx={{ display: 'block', '@media (min-width:769px)': { display: 'none' } }}>
            <CellLine secondary>{u.email}</CellLine>
          </Box>
        </>
      ),
      sortValue: (u) => u.fullName,
      width: 150,
    },
    { id: 'email', header: 'Email', cell: (u) => u.email, width: 190, hideOnMobile: true },
    { id: 'phoneNumber', header: 'Phone', cell: (u) => u.phoneNumber ?? '', hideOnMobile: true, hideBelow: 1440, width: 130 },
    {
      id: 'userRoleNames',
      header: 'Roles',
      // An applicant has no role yet: giving one is the approval.
      cell: (u) => (u.userRoleNames ? u.userRoleNames : <Chip size="small" variant="outlined" label="Awaiting approval" sx={awaitingSx} />),
      // Room for the whole Awaiting approval label in the cell's padding (half as wide on phones).
      width: isPhone ? 150 : 168,
    },
    { id: 'userCompanyNames', header: 'Companies', cell: (u) => u.userCompanyNames, hideOnMobile: true, width: 140 },
    { id: 'unitNumber', header: 'Unit', cell: (u) => u.unitNumber ?? '', hideOnMobile: true, width: 64 },
    // Shown from 1280 px with its unit, a $0 fee too: dollars per work week or a share of the driver's gross.
    { id: 'serviceFee', header: 'Service fee', cell: serviceFeeText, sortValue: (u) => u.serviceFee, align: 'right', hideOnMobile: true, width: 120 },
    { id: 'isActive', header: 'Active', cell: (u) => yesNo(u.isActive), sortValue: (u) => yesNo(u.isActive), width: 84, hideOnMobile: true },
    {
      id: 'lastLoginDate',
      header: 'Last login',
      cell: (u) => formatDateTime(u.lastLoginDate),
      sortValue: (u) => u.lastLoginDate ?? '',
      hideOnMobile: true,
      hideBelow: 1440,
      width: 140,
    },
  ];
  return (
    <DataTable
      aria-label="Users"
      fill
      columns={columns}
      rows={users}
      rowKey={(u) => u.userId}
      loading={loading}
      defaultPageSize={USER_PAGE_SIZE}
      pageSizeOptions={USER_PAGE_SIZE_OPTIONS}
      emptyText="No users yet"
    />
  );
}
