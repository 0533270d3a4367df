import dayjs from 'dayjs';

/** Spec §9: dates and times show as MM/DD/YYYY HH:mm. Empty values show as nothing. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('MM/DD/YYYY HH:mm') : '';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('MM/DD/YYYY') : '';
}

/** Money is formatted by the contract's money module, the same for every page and the server. */
export { formatMoney } from '@haulboard/contract';

export const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
