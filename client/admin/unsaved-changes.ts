/**
 * Edits not saved yet: while a screen's form has any, leaving asks first. The admin's own moves
 * (its links, Sign out, the browser's Back and Forward between screens) ask with the catalogue's
 * question through `mayLeave`; closing or reloading the tab gets the browser's own prompt.
 */
import { useEffect } from 'react';
import { ADMIN } from '../lib/admin-messages.ts';
import { arrivedAt, isShown, returnToShown } from './history-position.ts';

/** The address of each form with unsaved edits (one screen is shown at a time). */
const unsaved = new Map<symbol, string>();

const here = (): string => window.location.pathname + window.location.search;

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // older Chromium shows its prompt only for a returnValue
  event.returnValue = '';
}

/** Whether a form differs from what was loaded or last saved (plain data, compared as JSON). */
export function hasEdits(form: unknown, saved: unknown): boolean {
  return JSON.stringify(form) !== JSON.stringify(saved);
}

/** Marks the calling screen as holding unsaved edits while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('unsaved');
    unsaved.set(token, here());
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsaved.delete(token);
      if (unsaved.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/** The edits are given up (the owner agreed, or what they were about is gone): nothing asks any more. */
export function forgetUnsavedChanges(): void {
  unsaved.clear();
  window.removeEventListener('beforeunload', onBeforeUnload);
}

/** Before the admin leaves a screen: true when nothing is unsaved or the owner agrees to lose it. */
export function mayLeave(): boolean {
  if (unsaved.size === 0) return true;
  if (!window.confirm(ADMIN.unsavedChanges)) return false;
  forgetUnsavedChanges();
  return true;
}

/**
 * After the browser's Back or Forward to the entry of `state` (the address has already changed):
 * true to follow it; false when the owner stays, with the screen's entry shown again. That entry
 * is gone back to, not pushed anew, so Back and Forward keep every entry they had.
 */
export function mayFollowHistory(state: unknown): boolean {
  // back where a refused move left from: the screen, and its edits, never left
  if (isShown(state)) return false;
  const address = unsaved.values().next().value;
  if (address === undefined || address === here() || mayLeave()) {
    arrivedAt(state);
    return true;
  }
  returnToShown(state, address);
  return false;
}
