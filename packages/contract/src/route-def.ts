import { z } from 'zod';
import type { TAccessType, TPermissibleObject } from './permissions';

/**
 * Who may call a route:
 * - public: anyone;
 * - signedIn: any signed-in person, with or without a company or role;
 * - member: signed in with an active company and a role in it;
 * - object: a member whose permissions on `object` meet `level` (spec §6);
 * - anyObject: a member whose permissions on at least one of `objects` meet `level` (what several
 *   pages share, such as whether the load board can be read);
 * - perKind: one route for several kinds of a thing, each on its own page (the imports: fuel on the
 *   Fuel Import page, miles on the IFTA Miles Import page…). `pages` is every kind's page, `from`
 *   where the kind is read (a field of the request, or the stored row the request names). The guard
 *   lets through a member who meets `level` on at least one of the pages; the handler checks the
 *   kind's own page once it knows the kind.
 */
export type TRouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'member' }
  | { kind: 'object'; object: TPermissibleObject; level: TAccessType }
  | { kind: 'anyObject'; objects: readonly TPermissibleObject[]; level: TAccessType }
  | { kind: 'perKind'; pages: Readonly<Record<string, TPermissibleObject>>; from: string; level: TAccessType };

export type TRouteDef = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  tag: string;
  access: TRouteAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A multipart upload (instead of a JSON body): its text parts and its files. */
  upload?: TUploadDef;
  response: z.ZodType;
  /** The reply is a download of this kind (the server's sendDownload sets its type and a safe
   * content-disposition); the export suites walk every route that declares one. */
  file?: 'csv' | 'xlsx' | 'pdf';
  /** How the answer is bounded: required of every route whose reply is a list (route-def.test.ts). */
  list?: TListBound;
};

/**
 * How a list answer stays bounded (issue 7: no answer is every row a company ever made):
 * - cap: at most `cap` rows; past it the answer carries `x-total-count` and an `x-info` INFO text
 *   (listCapText) that the web shows. `noun` names the rows, `newest` says they come newest first,
 *   `paged` is the key of the paged twin in the same route table, `hint` replaces the default advice;
 * - period: the request names one period (a year, a quarter, a week) that bounds the rows;
 * - fixed: a reference list whose length does not grow with a company's data (roles, states);
 * - top: a search that answers its best `top` matches by design (an autocomplete), no INFO.
 */
export type TListBound =
  | { cap: number; noun: string; newest?: boolean; paged?: string; hint?: string }
  | { period: true }
  | { fixed: true }
  | { top: number };

export type TCapBound = Extract<TListBound, { cap: number }>;

const count = (n: number) => n.toLocaleString('en-US');

/** The INFO text of a capped list that selected more rows than it answers. */
export function listCapText(bound: TCapBound, total: number, pagedPath?: string): string {
  const advice =
    bound.hint ??
    (pagedPath ? `Narrow the filter, or page through them with ${pagedPath.split('/').pop()}.` : 'The rest are not listed.');
  return `INFO Showing the ${bound.newest ? 'newest' : 'first'} ${count(bound.cap)} of ${count(total)} ${bound.noun}. ${advice}`;
}

/** Whether a reply schema is a list (an array, or a union with an array such as a list-or-text reply). */
export function isListReply(schema: z.ZodType): boolean {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'array':
      return true;
    case 'union':
      return (def.options as z.ZodType[]).some(isListReply);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return isListReply(def.innerType as z.ZodType);
    case 'pipe':
      return isListReply(def.in as z.ZodType) || isListReply(def.out as z.ZodType);
    case 'lazy':
      return isListReply((def.getter as () => z.ZodType)());
    default:
      return false;
  }
}

/** The files an upload route takes, all under one form field. */
export type TUploadFiles = {
  /** The form field the files are sent under. */
  name: string;
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  maxFiles: number;
  /** File name endings accepted, lower case with the dot: ['.csv', '.xlsx']. */
  accept: readonly string[];
};

export type TUploadDef = {
  /** The text parts of the form; they arrive as text, so number fields use z.coerce. */
  fields: z.ZodType;
  files: TUploadFiles;
};

/** The file readers' formats (apps/server/src/imports): what every import route accepts. */
export const IMPORT_FILE_TYPES = ['.csv', '.xlsx', '.xls', '.txt'] as const;
export const MB = 1024 * 1024;

const sizeText = (bytes: number) => (bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`);
const listText = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}` : (items[0] ?? '');

/** What a refused upload answers (the server) and what a form shows before sending (the web). */
export const uploadTexts = {
  tooLarge: (files: TUploadFiles) => `ERROR The file is larger than ${sizeText(files.maxBytes)}`,
  wrongType: (files: TUploadFiles) => `ERROR The file must be a ${listText(files.accept)} file`,
  tooMany: (files: TUploadFiles) => `ERROR Upload at most ${files.maxFiles} file${files.maxFiles === 1 ? '' : 's'} at once`,
  empty: 'ERROR The file is empty',
  missing: 'Choose a file to upload',
  notMultipart: 'ERROR Send the file as a form upload (multipart/form-data)',
} as const;

/** The ending of a file name, lower case with the dot ('' when it has none). */
export const fileExtension = (fileName: string) => {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
};

/** The refusal a chosen file will get, checked before sending; null when it may go. */
export function checkUploadFile(files: TUploadFiles, file: { name: string; size: number }): string | null {
  if (!files.accept.includes(fileExtension(file.name))) return uploadTexts.wrongType(files);
  if (file.size > files.maxBytes) return uploadTexts.tooLarge(files);
  if (file.size === 0) return uploadTexts.empty;
  return null;
}

/** Declares a route of the contract; the literal type is kept so callers get its schemas. */
export const defineRoute = <T extends TRouteDef>(d: T) => d;

/** Access on one permissible object at a level: the usual declaration of a page's routes. */
export const onObject = (object: TPermissibleObject, level: TAccessType): TRouteAccess => ({ kind: 'object', object, level });

/**
 * A route that changes something by its declared access (Write or DenyDelete on an object),
 * whatever its method: such a route needs the same proof of origin as a POST (access/forgery.ts).
 */
export const isWriteAccess = (access: TRouteAccess | undefined) =>
  (access?.kind === 'object' || access?.kind === 'anyObject' || access?.kind === 'perKind') && access.level !== 'Read';

/** Access on any one of several objects at a level: for what several pages show alike. */
export const onAnyObject = (objects: readonly TPermissibleObject[], level: TAccessType): TRouteAccess => ({ kind: 'anyObject', objects, level });

/** Access on each kind's own page at a level, the kind read `from` the request (see TRouteAccess). */
export const onKindPage = <K extends string>(pages: Readonly<Record<K, TPermissibleObject>>, kinds: readonly K[], from: string, level: TAccessType): TRouteAccess => ({
  kind: 'perKind',
  pages: Object.fromEntries(kinds.map((k) => [k, pages[k]])),
  from,
  level,
});

/** The objects a declared access names (what the guard checks a member's permissions on). */
export const accessObjects = (access: TRouteAccess): readonly TPermissibleObject[] =>
  access.kind === 'object' ? [access.object] : access.kind === 'anyObject' ? access.objects : access.kind === 'perKind' ? [...new Set(Object.values(access.pages))] : [];

/** A text reply to a mutation: 'ERROR …', 'INFO …' or a success text. */
export const ZTextReply = z.string();

export const ZErrorReply = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type TErrorReply = z.infer<typeof ZErrorReply>;
