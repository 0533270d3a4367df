import { COOKIE_PREVIEW, type TCompanyCookie, type TCookieStatus } from '@haulboard/contract';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, Stack, Tooltip, useMediaQuery } from '@mui/material';
import { CellLine, DataTable, MOBILE_QUERY, type TColumn } from '../../../components/data-table';
import { StatusChip } from '../../../components/status-chip';
import { formatDate, formatDateTime, yesNo } from '../../../lib/format';

/** A stored value as the table shows it: the server's preview, never more than the spec's length. */
const secret = (text: string, length: number) => (
  <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all', lineHeight: 1.5 }}>
    {text.slice(0, length)}
  </Box>
);

const STATUS: Record<TCookieStatus, { label: string; color: 'default' | 'success' | 'error' | 'warning' }> = {
  unchecked: { label: 'Unchecked', color: 'default' },
  working: { label: 'Working', color: 'success' },
  expired: { label: 'Expired', color: 'error' },
  unreachable: { label: 'Unreachable', color: 'warning' },
};

/** The server's verdict on a session, with why the last check failed on hover. */
export function CookieStatus({ cookie }: { cookie: TCompanyCookie }) {
  const status = STATUS[cookie.status];
  const chip = <StatusChip color={status.color} label={status.label} />;
  const detail = [cookie.lastError, cookie.lastCheckedOn ? `Checked ${formatDateTime(cookie.lastCheckedOn)}` : null].filter(Boolean).join(' · ');
  return detail ? (
    <Tooltip title={detail}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}

type TCookieTableProps = {
  cookies: TCompanyCookie[];
  loading: boolean;
  /** Spec §6: delete controls need Write. */
  canDelete: boolean;
  onDelete: (cookie: TCompanyCookie) => void;
};

/**
 * Spec §2 relay/cookie-admin: companyCookieId, cookie (first 100 characters), csrfToken (first 50),
 * cookieSource, createdOn and isInUse (Yes/No), and how the last check against the board went.
 */
export function CookieTable({ cookies, loading, canDelete, onDelete }: TCookieTableProps) {
  const actions: TColumn<TCompanyCookie>[] = canDelete
    ? [
        {
          id: 'actions',
          header: 'Actions',
          sortable: false,
          width: 88,
          cell: (c) => (
            <Tooltip title={`Delete cookie ID ${c.companyCookieId}`}>
              <IconButton size="small" aria-label={`Delete cookie ID ${c.companyCookieId}`} onClick={() => onDelete(c)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        },
      ]
    : [];
  const isPhone = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const inUse = (c: TCompanyCookie) => (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <span>{yesNo(c.isInUse)}</span>
      <CookieStatus cookie={c} />
    </Stack>
  );
  const columns: TColumn<TCompanyCookie>[] = isPhone
    ? [
        ...actions.map((a) => ({ ...a, header: '', width: 48 })),
        {
          id: 'companyCookieId',
          header: 'Session',
          cell: (c) => (
            <Stack spacing={0.5} sx={{ py: 0.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>
                  ID {c.companyCookieId} · In use {yesNo(c.isInUse)}
                </span>
                <CookieStatus cookie={c} />
              </Stack>
              {secret(c.cookie, COOKIE_PREVIEW.cookie)}
              {secret(c.csrfToken, COOKIE_PREVIEW.csrfToken)}
              <Box component="span" sx={{ whiteSpace: 'normal', color: 'text.secondary' }}>
                {c.cookieSource} · {formatDateTime(c.createdOn)}
              </Box>
            </Stack>
          ),
        },
      ]
    : [
        ...actions,
        { id: 'companyCookieId', header: 'ID', align: 'right', cell: (c) => c.companyCookieId, width: 60 },
        { id: 'cookie', header: 'Cookie', cell: (c) => secret(c.cookie, COOKIE_PREVIEW.cookie), sortable: false, width: 240 },
        { id: 'csrfToken', header: 'CSRF token', cell: (c) => secret(c.csrfToken, COOKIE_PREVIEW.csrfToken), sortable: false, width: 150 },
        {
          id: 'cookieSource',
          header: 'Source',
          cell: (c) => (
            <Box component="span" sx={{ display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
              {c.cookieSource}
            </Box>
          ),
          width: 140,
        },
        {
          id: 'createdOn',
          header: 'Created',
          cell: (c) => (
            <>
              <CellLine>{formatDate(c.createdOn)}</CellLine>
              <CellLine secondary>{formatDateTime(c.createdOn).slice(11)}</CellLine>
            </>
          ),
          width: 116,
        },
        { id: 'isInUse', header: 'In use', cell: inUse, sortValue: (c) => Number(c.isInUse), width: 136 },
      ];
  return (
    <DataTable
      aria-label="Cookies"
      fill
      columns={columns}
      rows={cookies}
      rowKey={(c) => c.companyCookieId}
      loading={loading}
      emptyText="No board sessions stored yet"
      estimateRowHeight={72}
    />
  );
}
