import { z } from 'zod';
import { editId, versionField } from './board-fields';
import { optionalText, requiredText } from './common';
import { MSG } from './messages';

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
  brokerStateId: z.coerce
    .number({ error: MSG.brokerState })
    .int({ error: MSG.brokerState })
    .positive({ error: MSG.brokerState })
    .default(DEFAULT_BROKER_STATE_ID),
  brokerZipCode: requiredText(MSG.brokerZip, 20),
  phoneNumber: requiredText(MSG.brokerRequired, 30),
  email: requiredText(MSG.brokerRequired, 255).pipe(z.email({ error: 'Must be a valid email' })),
  mcNumber: optionalText(30),
  dotNumber: optionalText(30),
  comments: optionalText(2000),
  isActive: z.boolean().default(true),
  updatedOn: versionField(),
});
export type TBrokerForm = z.input<typeof ZBrokerForm>;
export type TBrokerFormOutput = z.output<typeof ZBrokerForm>;

export const ZBrokerIdQuery = z.object({ brokerId: z.coerce.number({ error: MSG.required }).int().positive({ error: MSG.required }) });

/** GetBrokerList: active brokers; `includeId` adds that broker even when inactive (editing an old load). */
export const ZBrokerListQuery = z.object({
  includeId: z.coerce.number().int().min(0).optional(),
});
