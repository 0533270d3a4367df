import { z } from 'zod';
import { MSG } from './messages';
import { defineRoute, onObject, ZTextReply } from './route-def';

/** Company settings of the System admin's Service tab. */

export const SETTINGS_TEXT = {
  invalidUrl: 'Enter a valid http:// or https:// address',
} as const;

/** Spec §5 Service URL: required, and an http(s) address. */
export const ZServiceUrl = z
  .string({ error: MSG.required })
  .trim()
  .min(1, { error: MSG.required, abort: true })
  .max(2000, { error: 'At most 2000 characters', abort: true })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
      } catch {
        return false;
      }
    },
    { error: SETTINGS_TEXT.invalidUrl },
  );
export const ZServiceUrlQuery = z.object({ url: ZServiceUrl });
/** The web form's shape for the Service tab. */
export const ZServiceUrlForm = z.object({ serviceUrl: ZServiceUrl });


export const settingsRoutes = {
  getServiceUrl: defineRoute({
    method: 'GET',
    path: '/api/General/GetServiceUrl',
    summary: "The company's service URL as text ('' when not set)",
    tag: 'Settings',
    access: onObject('SystemAdminPage', 'Read'),
    response: ZTextReply,
  }),
  setServiceUrl: defineRoute({
    method: 'POST',
    path: '/api/General/setServiceUrl',
    summary: "Save the company's service URL",
    tag: 'Settings',
    access: onObject('SystemAdminPage', 'Write'),
    query: ZServiceUrlQuery,
    response: ZTextReply,
  }),
} as const;
