import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { readStoredUser } from './session';

/**
 * What a person typed in a dialog survives the end of their session: when any request answers
 * 401, every open dialog with unsaved changes is kept in this tab's session storage (per person,
 * company and dialog). After signing in again the page opens that dialog again
 * (`useReopenDraft`) and the dialog brings the text back (`useFormDraft`), saying so. Nothing is
 * kept otherwise: a saved or cancelled dialog leaves no draft behind.
 */

type TOpenForm = { values: () => unknown; dirty: () => boolean };
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
      store.setItem(PREFIX + who + key, JSON.stringify({ values: form.values(), at: new Date().toISOString() }));
    } catch {
      // A full or disabled storage keeps nothing; the dialog still asks before discarding.
    }
  }
}

function draftKey(key: string) {
  const who = scope();
  return who ? PREFIX + who + key : null;
}

/** True when a draft of this dialog waits for the signed-in person. */
export function hasDraft(key: string): boolean {
  const k = draftKey(key);
  return !!k && !!storage()?.getItem(k);
}

function takeDraft<T>(key: string): T | null {
  const k = draftKey(key);
  const store = storage();
  if (!k || !store) return null;
  const raw = store.getItem(k);
  if (!raw) return null;
  store.removeItem(k);
  try {
    return (JSON.parse(raw) as { values: T }).values;
  } catch {
    return null;
  }
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

/** Opens a page's dialog again after signing in when it holds a kept draft (once, on mount). */
export function useReopenDraft(key: string, reopen: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (hasDraft(key)) reopen();
  }, [key, reopen]);
}

export const DRAFT_RESTORED_TEXT = 'Brought back what you typed before your session ended. It is not saved yet.';
