/**
 * The admin was built again on the server (a new release installed) while this page stayed open:
 * every admin call's answer names the admin script the server serves now (X-Admin-Script), and
 * once that is not the script this page loaded, the admin says so, once, and offers to reload.
 * An old page would otherwise go on sending the calls of the release before, which the new one
 * may refuse for a field it now asks (a settings save answered "storeAddress: Fill in this field").
 */
type Listener = () => void;

let loaded: string | null = null;
let told = false;
const listeners = new Set<Listener>();

/** The script this page loaded, from the shell (null: not known, nothing is ever told). */
export function setLoadedAdminScript(script: string | null): void {
  loaded = script;
  told = false;
}

/** An answer's X-Admin-Script: a script other than the one loaded tells the listeners, once. */
export function noteServedAdminScript(served: string | null): void {
  if (told || loaded === null || served === null || served === '' || served === loaded) return;
  told = true;
  for (const listener of [...listeners]) listener();
}

export function onAdminUpdated(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
