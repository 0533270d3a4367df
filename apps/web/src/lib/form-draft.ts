import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readStoredUser } from './session';

/**
 * What a person typed in a dialog survives the end of their session: when any request answers
 * 401, every open dialog with unsaved changes is kept in this tab's session storage (per person,
 * company and dialog). A dialog's key names its kind and its object ('broker:new', 'broker:12');
 * the object's id is kept with the draft. After signing in again the page opens that dialog again
 * (`useReopenDraft`: Add, or the edit of that object when it still exists) and the dialog brings
 * the text back (`useFormDraft`), saying so. Nothing is kept otherwise: a saved or cancelled
 * dialog leaves no draft behind.
 */

type TOpenForm = { values: () => unknown; dirty: () => boolean };
type TStoredDraft<T = unknown> = { values: T; at: string; kind: string; id: string };
const openForms = new Map<string, TOpenForm>();
const PREFIX = 'haulboard:draft:';

function scope(): string | null {
  const user = readStoredUser();
  return user ? `${user.email.toLowerCase()}:${user.companyId ?? 0}:` : null;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Called when the session ended (a 401), before the stored user is forgotten. */
export function keepOpenDrafts() {
  const who = scope();
  const store = storage();
  if (!who || !store) return;
  for (const [key, form] of openForms) {
    if (!form.dirty()) continue;
    try {
      const { kind, id } = splitKey(key);
      const draft: TStoredDraft = { values: form.values(), at: new Date().toISOString(), kind, id };
      store.setItem(PREFIX + who + key, JSON.stringify(draft));
    } catch {
      // A full or disabled storage keeps nothing; the dialog still asks before discarding.
    }
  }
}

/** 'broker:12' → kind 'broker', id '12'; 'broker:new' → id 'new'. */
function splitKey(key: string) {
  const at = key.lastIndexOf(':');
  return at < 0 ? { kind: key, id: 'new' } : { kind: key.slice(0, at), id: key.slice(at + 1) };
}

function draftKey(key: string) {
  const who = scope();
  return who ? PREFIX + who + key : null;
}

function readDraft<T>(key: string): TStoredDraft<T> | null {
  const k = draftKey(key);
  const raw = k ? storage()?.getItem(k) : null;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TStoredDraft<T>;
  } catch {
    return null;
  }
}

/** Forgets a kept draft (its object is gone, or the dialog took it). */
export function dropDraft(key: string) {
  const k = draftKey(key);
  if (k) storage()?.removeItem(k);
}

function takeDraft<T>(key: string): T | null {
  const draft = readDraft<T>(key);
  dropDraft(key);
  return draft ? draft.values : null;
}

/** The ids of the objects whose `kind` dialog holds a kept draft ('new' for an Add), oldest first. */
export function draftIds(kind: string): string[] {
  const who = scope();
  const store = storage();
  if (!who || !store) return [];
  const prefix = `${PREFIX + who + kind}:`;
  const found: { id: string; at: string }[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (!k?.startsWith(prefix)) continue;
    const id = k.slice(prefix.length);
    found.push({ id, at: readDraft(`${kind}:${id}`)?.at ?? '' });
  }
  return found.sort((a, b) => a.at.localeCompare(b.at)).map((d) => d.id);
}

/**
 * Binds a dialog's form to its draft: restores a kept draft once when the dialog opens (the form
 * is then dirty, so Cancel asks), and keeps the form's values if the session ends while it is open.
 * `key` names the dialog and its object, e.g. 'broker:new' or 'broker:12'; no key, no draft.
 */
export function useFormDraft<T extends FieldValues>(form: UseFormReturn<T, any, any> | null | undefined, key: string | null | undefined): { restored: boolean } {
  const [restored, setRestored] = useState(false);
  const formRef = useRef(form);
  formRef.current = form;
  // Read while rendering: react-hook-form tracks isDirty only for those who read it so.
  const dirty = useRef(false);
  dirty.current = !!form?.formState.isDirty;
  useEffect(() => {
    if (!key || !formRef.current) return;
    const draft = takeDraft<T>(key);
    if (draft) {
      formRef.current.reset({ ...formRef.current.getValues(), ...draft }, { keepDefaultValues: true });
      setRestored(true);
    }
    const entry: TOpenForm = { values: () => formRef.current?.getValues(), dirty: () => dirty.current };
    openForms.set(key, entry);
    return () => {
      if (openForms.get(key) === entry) openForms.delete(key);
    };
  }, [key]);
  return { restored };
}

type TReopenOptions<T> = {
  /** Opens the Add dialog. */
  onNew?: () => void;
  /** Finds the object a draft edits (its id, and what was typed): null when it no longer exists. */
  find?: (id: number, values: unknown) => Promise<T | null | undefined> | T | null | undefined;
  /** Opens the object's edit dialog; the dialog then takes its draft. */
  onEdit?: (object: T) => void;
};

/**
 * Opens a page's dialog again after signing in when it holds a kept draft (once, on mount): the
 * Add dialog ('kind:new'), or the edit dialog of the object the draft was typed for
 * ('kind:12') when that object still exists; the draft of an object that is gone is dropped.
 */
export function useReopenDraft<T>(kind: string, options: TReopenOptions<T>) {
  const latest = useRef(options);
  latest.current = options;
  // Runs once per mount (twice under StrictMode, where the first run is cancelled).
  useEffect(() => {
    const ids = draftIds(kind);
    if (ids.length === 0) return;
    const { onNew, find, onEdit } = latest.current;
    if (ids.includes('new') && onNew) {
      onNew();
      return;
    }
    if (!find || !onEdit) return;
    let cancelled = false;
    void (async () => {
      for (const id of ids) {
        const objectId = Number(id);
        if (!Number.isInteger(objectId) || objectId <= 0) continue;
        let found: T | null | undefined;
        try {
          found = await find(objectId, readDraft(`${kind}:${id}`)?.values);
        } catch {
          // Not readable now (offline, refused): the draft waits for the next visit.
          continue;
        }
        if (cancelled) return;
        if (!found) {
          dropDraft(`${kind}:${id}`);
          continue;
        }
        latest.current.onEdit?.(found);
        return;
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [kind]);
}

export const DRAFT_RESTORED_TEXT = 'Brought back what you typed before your session ended. It is not saved yet.';
