/**
 * The session ended under an open admin (its 12 hours ran out while the phone slept, or it was
 * signed out elsewhere): calls report it, the admin asks for the password again in place, and
 * once signed in again the screens that could not load ask once more. The edits on screen stay.
 */
type Listener = () => void;

const ended = new Set<Listener>();
const restored = new Set<Listener>();

function subscribe(listeners: Set<Listener>, listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const onSessionEnded = (listener: Listener): (() => void) => subscribe(ended, listener);
export const onSessionRestored = (listener: Listener): (() => void) => subscribe(restored, listener);

export function reportSessionEnded(): void {
  for (const listener of [...ended]) listener();
}

export function reportSessionRestored(): void {
  for (const listener of [...restored]) listener();
}
