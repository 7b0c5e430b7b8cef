/**
 * The line a screen shows after a call (saved, or refused), also the one a call that moves to
 * another screen leaves for it (a product deleted, for the list; a copy made, for its editor). A refusal because the session had
 * ended ("You must be signed in…") is out of date once the owner has signed in again through the
 * prompt, which says so itself: such a line clears itself then, so it never contradicts it.
 */
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { onSessionRestored } from './session-ended.ts';

export interface ScreenNotice {
  text: string;
  kind: 'info' | 'error';
  /** Said of a call refused because the session had ended. */
  signedOut?: boolean;
}

export const NO_NOTICE: ScreenNotice = { text: '', kind: 'info' };

/** The line for a refused call: its message unless `text` says it otherwise. */
export function refusedNotice(answer: { status: number; message: string }, text: string = answer.message): ScreenNotice {
  return { text, kind: 'error', signedOut: answer.status === 401 };
}

/** Calls `clear` (a stable callback) when the owner signs in again, while `signedOut` holds. */
export function useClearedOnSignIn(signedOut: boolean, clear: () => void): void {
  useEffect(() => (signedOut ? onSessionRestored(clear) : undefined), [signedOut, clear]);
}

/** A screen's line, cleared by itself once the owner has signed in again after a refusal as signed out. */
export function useScreenNotice(initial: ScreenNotice = NO_NOTICE): [ScreenNotice, Dispatch<SetStateAction<ScreenNotice>>] {
  const [notice, setNotice] = useState<ScreenNotice>(initial);
  const clear = useCallback(() => setNotice(NO_NOTICE), []);
  useClearedOnSignIn(notice.signedOut === true, clear);
  return [notice, setNotice];
}

/** A line left for the next screen opened (the screen that made it is gone). */
let carried: ScreenNotice | null = null;

/** Leaves `notice` for the next screen to show, said once: call it just before moving there. */
export function carryNotice(notice: ScreenNotice): void {
  carried = notice;
}

/**
 * A screen's line as useScreenNotice gives it, starting with the line a call left for it. Read
 * when the screen is made and forgotten once it is shown, so a later screen does not say it again.
 */
export function useCarriedNotice(): [ScreenNotice, Dispatch<SetStateAction<ScreenNotice>>] {
  // only the first render's value counts (useState keeps it)
  const [notice, setNotice] = useScreenNotice(carried ?? NO_NOTICE);
  useEffect(() => {
    carried = null;
  }, []);
  return [notice, setNotice];
}
