import { DEFAULT_BROKER_STATE_ID, type TBroker, type TBrokerForm } from '@haulboard/contract';

/** The fields the broker dialog edits, in the order they appear. */
export const BROKER_FIELDS = [
  'brokerName',
  'brokerAddress',
  'brokerCity',
  'brokerStateId',
  'brokerZipCode',
  'phoneNumber',
  'email',
  'mcNumber',
  'dotNumber',
  'comments',
  'isActive',
] as const;
export type TBrokerField = (typeof BROKER_FIELDS)[number];

/**
 * The dialog's starting values: a new broker (brokerId 0, state id 5, active) or the one being
 * edited, carrying its `updatedOn` so that a save over someone else's newer change is refused.
 */
export function brokerFormValues(broker: TBroker | null): TBrokerForm {
  if (!broker) {
    return {
      brokerId: 0,
      brokerName: '',
      brokerAddress: '',
      brokerCity: '',
      brokerStateId: DEFAULT_BROKER_STATE_ID,
      brokerZipCode: '',
      phoneNumber: '',
      email: '',
      mcNumber: '',
      dotNumber: '',
      comments: '',
      isActive: true,
      updatedOn: null,
    };
  }
  return {
    brokerId: broker.brokerId,
    brokerName: broker.brokerName,
    brokerAddress: broker.brokerAddress,
    brokerCity: broker.brokerCity,
    brokerStateId: broker.brokerStateId,
    brokerZipCode: broker.brokerZipCode,
    phoneNumber: broker.phoneNumber,
    email: broker.email,
    mcNumber: broker.mcNumber ?? '',
    dotNumber: broker.dotNumber ?? '',
    comments: broker.comments ?? '',
    isActive: broker.isActive,
    updatedOn: broker.updatedOn,
  };
}
