import { MSG, type TBroker, ZBrokerForm } from '@haulboard/contract';
import { describe, expect, it } from 'vitest';
import { brokerFormValues } from './broker-form-values';

const broker: TBroker = {
  brokerId: 7,
  brokerName: 'Coyote Logistics',
  brokerAddress: '960 N Halsted St',
  brokerCity: 'Chicago',
  brokerStateId: 14,
  brokerStateName: 'Illinois',
  brokerZipCode: '60642',
  phoneNumber: '8775539876',
  email: 'loads@coyote.example',
  mcNumber: '561135',
  dotNumber: null,
  comments: null,
  isActive: false,
  fullAddress: '960 N Halsted St, Chicago, Illinois 60642',
  hasLoads: true,
  updatedOn: '2026-03-01T10:00:00.000Z',
};

const messagesOf = (values: unknown) => {
  const result = ZBrokerForm.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('broker form values', () => {
  it('starts a new broker in state 5, active, with no version', () => {
    const values = brokerFormValues(null);
    expect(values).toMatchObject({ brokerId: 0, brokerStateId: 5, isActive: true, updatedOn: null });
  });

  it('shows every spec message for an empty new broker', () => {
    expect(messagesOf(brokerFormValues(null))).toEqual({
      brokerName: MSG.brokerName,
      brokerAddress: MSG.brokerAddress,
      brokerCity: MSG.brokerCity,
      brokerZipCode: MSG.brokerZip,
      phoneNumber: MSG.brokerRequired,
      email: MSG.brokerRequired,
    });
  });

  it('refuses a cleared state with the spec message', () => {
    expect(messagesOf({ ...brokerFormValues(broker), brokerStateId: '' }).brokerStateId).toBe(MSG.brokerState);
  });

  it('round-trips an existing broker, keeping its id, active flag and version', () => {
    const parsed = ZBrokerForm.parse(brokerFormValues(broker));
    expect(parsed).toMatchObject({ brokerId: 7, isActive: false, updatedOn: broker.updatedOn, dotNumber: null, mcNumber: '561135' });
  });
});
