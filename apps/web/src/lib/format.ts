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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as the server sent it, shown in dollars; no arithmetic happens here. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? usd.format(n) : String(value);
}

export const yesNo = (value: boolean | null | undefined) => (value ? 'Yes' : 'No');
