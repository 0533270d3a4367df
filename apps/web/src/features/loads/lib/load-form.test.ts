import { ZLoadForm } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { emptyLoadValues, isPayoutManual, offeredPayout, type TLoadFormValues, toLoadBody } from './load-form';

const filled: TLoadFormValues = {
  ...emptyLoadValues(47),
  loadNumber: ' LD-100 ',
  brokerId: 3,
  loadStartDate: '2026-11-16T08:00',
  loadEndDate: '2026-11-17T17:30',
  originStateId: 44,
  originCity: 'Dallas',
  destinationStateId: 5,
  destinationCity: 'Fresno',
  tripLength: '1234.5',
  numberOfStops: '2',
  pricePerMile: '2.35',
  payout: '2901.08',
  loadStatusId: 1,
  loadDrivers: [7, 9],
};

describe('the load form', () => {
  it('requires the spec fields with the spec message', () => {
    const result = ZLoadForm.safeParse(toLoadBody(emptyLoadValues(), { loadId: 0, updatedOn: null }));
    expect(result.success).toBe(false);
    // The first message of each field, as the form shows it.
    const messages: Record<string, string> = {};
    for (const issue of result.error!.issues) messages[issue.path.join('.')] ??= issue.message;
    for (const field of [
      'loadNumber',
      'brokerId',
      'loadStartDate',
      'loadEndDate',
      'weekId',
      'originStateId',
      'originCity',
      'destinationStateId',
      'destinationCity',
      'tripLength',
      'numberOfStops',
      'pricePerMile',
      'loadStatusId',
    ]) {
      expect(messages[field], field).toBe('Field is required');
    }
    expect(messages.comments).toBeUndefined();
    expect(messages.payout).toBeUndefined();
  });

  it('sends a valid body with numbers, trimmed text and ISO dates', () => {
    const body = toLoadBody(filled, { loadId: 12, updatedOn: '2026-11-20T10:00:00.000Z' });
    expect(ZLoadForm.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ loadId: 12, loadNumber: 'LD-100', tripLength: 1234.5, payout: 2901.08, loadDrivers: [7, 9], comments: null });
    expect(body.updatedOn).toBe('2026-11-20T10:00:00.000Z');
    expect(String(body.loadStartDate)).toMatch(/^2026-11-1[56]T\d{2}:00:00\.000Z$/);
  });

  it('sends a duplicate as a new load without a version', () => {
    const body = toLoadBody(filled, { loadId: 0, updatedOn: null });
    expect(body.loadId).toBe(0);
    expect('updatedOn' in body).toBe(false);
  });

  it('offers price per mile × trip length in exact cents', () => {
    expect(offeredPayout('2.35', '1234.5')).toBe('2901.08');
    expect(offeredPayout('', '10')).toBe('');
    expect(isPayoutManual({ payout: '2901.08', pricePerMile: '2.35', tripLength: '1234.5' })).toBe(false);
    expect(isPayoutManual({ payout: '2950', pricePerMile: '2.35', tripLength: '1234.5' })).toBe(true);
  });
});
