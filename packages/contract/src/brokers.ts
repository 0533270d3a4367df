import { z } from 'zod';
import { dotField, editId, emailField, MAX_SMALL_ID, mcField, optionalId, optionalText, phoneField, requiredId, requiredText, versionField, zipField } from './fields';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

export const DEFAULT_BROKER_STATE_ID = 5;

/** Spec §3 Broker, as the server answers it. `fullAddress` is for display only. */
export const ZBroker = z.object({
  brokerId: z.number(),
  brokerName: z.string(),
  brokerAddress: z.string(),
  brokerCity: z.string(),
  brokerStateId: z.number(),
  brokerStateName: z.string(),
  brokerZipCode: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
  mcNumber: z.string().nullable(),
  dotNumber: z.string().nullable(),
  comments: z.string().nullable(),
  isActive: z.boolean(),
  fullAddress: z.string(),
  /** True while loads refer to the broker: it can then only be marked inactive, not deleted. */
  hasLoads: z.boolean(),
  updatedOn: z.string(),
});
export type TBroker = z.infer<typeof ZBroker>;

/**
 * Spec §5 Broker. `brokerId` 0 or absent adds a broker. Changing `isActive` needs Write on
 * BrokerAdmin (the server answers 403 otherwise); `updatedOn` is the version the form was loaded at.
 */
export const ZBrokerForm = z.object({
  brokerId: editId(),
  brokerName: requiredText(MSG.brokerName, 200),
  brokerAddress: requiredText(MSG.brokerAddress, 300),
  brokerCity: requiredText(MSG.brokerCity, 100),
  brokerStateId: requiredId(MSG.brokerState, MAX_SMALL_ID).default(DEFAULT_BROKER_STATE_ID),
  brokerZipCode: zipField(MSG.brokerZip),
  phoneNumber: phoneField(MSG.brokerRequired, 20),
  email: emailField(MSG.brokerRequired),
  mcNumber: mcField(),
  dotNumber: dotField(),
  comments: optionalText(2000),
  isActive: z.boolean().default(true),
  updatedOn: versionField(),
});
export type TBrokerForm = z.input<typeof ZBrokerForm>;
export type TBrokerFormOutput = z.output<typeof ZBrokerForm>;

export const ZBrokerIdQuery = z.object({ brokerId: requiredId() });

/** GetBrokerList: active brokers; `includeId` adds that broker even when inactive (editing an old load). */
export const ZBrokerListQuery = z.object({
  includeId: optionalId(),
});

export const brokerRoutes = {
  getBrokers: defineRoute({
    method: 'GET',
    path: '/api/Broker',
    summary: 'Brokers of the active company, active and inactive, by name',
    tag: 'Brokers',
    access: onObject('BrokerAdmin', 'Read'),
    response: z.array(ZBroker),
    list: { cap: 5000, noun: 'brokers' },
  }),
  addUpdateBroker: defineRoute({
    method: 'POST',
    path: '/api/Broker/AddUpdateBroker',
    summary: 'Add (brokerId 0) or edit a broker; changing isActive needs Write',
    tag: 'Brokers',
    access: onObject('BrokerAdmin', 'DenyDelete'),
    body: ZBrokerForm,
    response: ZTextReply,
  }),
  deleteBroker: defineRoute({
    method: 'DELETE',
    path: '/api/Broker/DeleteBroker',
    summary: 'Delete a broker no load refers to',
    tag: 'Brokers',
    access: onObject('BrokerAdmin', 'Write'),
    query: ZBrokerIdQuery,
    response: ZTextReply,
  }),
} as const;
