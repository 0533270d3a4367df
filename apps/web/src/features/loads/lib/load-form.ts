import type { TImportedLoad, TLoad, TLoadForm } from '@haulboard/contract';
import { BOARD_BROKER_ID, centsToText, payoutCents, toCents } from '@haulboard/contract';
import dayjs from 'dayjs';

/**
 * What the load dialog edits. Inputs hold text (numbers as typed, dates as the browser's
 * 'YYYY-MM-DDTHH:mm' local time); selects hold ids or '' for none. The contract's ZLoadForm
 * validates these same values, and `toLoadBody` turns them into the request.
 */
export type TLoadFormValues = {
  loadNumber: string;
  brokerId: number | '';
  loadStartDate: string;
  loadEndDate: string;
  weekId: number | '';
  originStateId: number | '';
  originCity: string;
  destinationStateId: number | '';
  destinationCity: string;
  tripLength: string;
  numberOfStops: string;
  pricePerMile: string;
  payout: string;
  loadStatusId: number | '';
  /** First driver first; at most two (a team). */
  loadDrivers: number[];
  isDispute: boolean;
  comments: string;
};

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

/** An ISO instant as a datetime-local input value in the browser's time zone. */
export const toLocalInput = (iso: string | null | undefined) => (iso && dayjs(iso).isValid() ? dayjs(iso).format(LOCAL_INPUT) : '');

/** A datetime-local input value (browser time) as an ISO instant with its offset; '' stays ''. */
export const fromLocalInput = (local: string) => (local && dayjs(local).isValid() ? dayjs(local).toISOString() : '');

export const emptyLoadValues = (weekId: number | null = null): TLoadFormValues => ({
  loadNumber: '',
  brokerId: '',
  loadStartDate: '',
  loadEndDate: '',
  weekId: weekId ?? '',
  originStateId: '',
  originCity: '',
  destinationStateId: '',
  destinationCity: '',
  tripLength: '',
  numberOfStops: '',
  pricePerMile: '',
  payout: '',
  loadStatusId: '',
  loadDrivers: [],
  isDispute: false,
  comments: '',
});

/** What the dialog reads of a saved load or of one read from the board's trips (whose states may be unknown). */
type TLoadSource = Pick<
  TLoad,
  'loadNumber' | 'brokerId' | 'loadStartDate' | 'loadEndDate' | 'weekId' | 'originCity' | 'destinationCity' | 'tripLength' | 'numberOfStops' | 'pricePerMile' | 'payout' | 'loadStatusId' | 'loadDrivers' | 'isDispute' | 'comments'
> & { originStateId: number | null; destinationStateId: number | null };

export const loadValuesOf = (load: TLoadSource): TLoadFormValues => ({
  loadNumber: load.loadNumber,
  brokerId: load.brokerId,
  loadStartDate: toLocalInput(load.loadStartDate),
  loadEndDate: toLocalInput(load.loadEndDate),
  weekId: load.weekId,
  originStateId: load.originStateId ?? '',
  originCity: load.originCity,
  destinationStateId: load.destinationStateId ?? '',
  destinationCity: load.destinationCity,
  tripLength: String(load.tripLength),
  numberOfStops: String(load.numberOfStops),
  pricePerMile: String(load.pricePerMile),
  payout: centsToText(toCents(load.payout) ?? 0),
  loadStatusId: load.loadStatusId,
  loadDrivers: load.loadDrivers.slice(0, 2),
  isDispute: load.isDispute,
  comments: load.comments ?? '',
});

/** A load read from the board's trips, as the dialog edits it (places it could not read stay blank). */
export const importedLoadValuesOf = (load: TImportedLoad): TLoadFormValues => ({
  ...loadValuesOf(load),
  // The board's own broker, not yet added, stays chosen (it is added on save); an unknown one is for the person to pick.
  brokerId: load.brokerId || (load.brokerMatch === 'board' ? BOARD_BROKER_ID : ''),
});

/** An edited import load shown back in the lists. */
export function importedLoadFrom(load: TImportedLoad, body: TLoadForm, names: { states: Map<number, string>; drivers: Map<number, string>; statuses: Map<number, string>; brokers: Map<number, string> }): TImportedLoad {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    ...load,
    loadNumber: body.loadNumber,
    brokerId: n(body.brokerId),
    brokerName: names.brokers.get(n(body.brokerId)) ?? load.brokerName,
    loadStartDate: String(body.loadStartDate),
    loadEndDate: String(body.loadEndDate),
    weekId: n(body.weekId),
    originStateId: n(body.originStateId),
    originStateName: names.states.get(n(body.originStateId)) ?? '',
    originCity: String(body.originCity),
    destinationStateId: n(body.destinationStateId),
    destinationStateName: names.states.get(n(body.destinationStateId)) ?? '',
    destinationCity: String(body.destinationCity),
    tripLength: n(body.tripLength),
    numberOfStops: n(body.numberOfStops),
    pricePerMile: n(body.pricePerMile),
    payout: n(body.payout),
    loadStatusId: n(body.loadStatusId),
    loadStatusName: names.statuses.get(n(body.loadStatusId)) ?? load.loadStatusName,
    loadDrivers: (body.loadDrivers ?? []).map(Number),
    loadDriverNames: (body.loadDrivers ?? []).map((d) => names.drivers.get(Number(d)) ?? `Driver ${d}`).join(', '),
    isDispute: !!body.isDispute,
    comments: body.comments ?? null,
    note: null,
  };
}

/** The offered payout, price per mile × trip length, as two-decimal text; '' when either is missing. */
export function offeredPayout(pricePerMile: string, tripLength: string): string {
  if (!pricePerMile.trim() || !tripLength.trim()) return '';
  const cents = payoutCents(pricePerMile, tripLength);
  return cents === null ? '' : centsToText(cents);
}

/** Whether the payout differs from the offered one, i.e. someone set it by hand. */
export function isPayoutManual(values: Pick<TLoadFormValues, 'payout' | 'pricePerMile' | 'tripLength'>): boolean {
  const offered = offeredPayout(values.pricePerMile, values.tripLength);
  return toCents(values.payout) !== (offered ? toCents(offered) : null);
}

const num = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(/,/g, '')));
const id = (value: number | '') => (value === '' ? 0 : value);

/**
 * The AddUpdateLoad body. `loadId` 0 adds a load (a duplicate is a new load: 0 and no version);
 * an edit sends the version it was loaded at so a newer save by someone else is refused.
 */
export function toLoadBody(values: TLoadFormValues, target: { loadId: number; updatedOn: string | null }): TLoadForm {
  return {
    loadId: target.loadId,
    loadNumber: values.loadNumber.trim(),
    brokerId: id(values.brokerId),
    loadStartDate: fromLocalInput(values.loadStartDate),
    loadEndDate: fromLocalInput(values.loadEndDate),
    weekId: id(values.weekId),
    originStateId: id(values.originStateId),
    originCity: values.originCity.trim(),
    destinationStateId: id(values.destinationStateId),
    destinationCity: values.destinationCity.trim(),
    tripLength: num(values.tripLength),
    numberOfStops: num(values.numberOfStops),
    pricePerMile: num(values.pricePerMile),
    payout: num(values.payout),
    loadStatusId: id(values.loadStatusId),
    loadDrivers: values.loadDrivers.filter((d) => d > 0),
    isDispute: values.isDispute,
    comments: values.comments.trim() || null,
    ...(target.updatedOn ? { updatedOn: target.updatedOn } : {}),
  };
}
