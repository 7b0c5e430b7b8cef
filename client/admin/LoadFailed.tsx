/**
 * What a section of a screen shows when its call failed: that it could not be loaded, and a button
 * to ask again, so one failed call neither hides its section nor costs the rest of the screen.
 */
import { ADMIN } from '../lib/admin-messages.ts';

export function LoadFailed({ error, loading, onRetry }: { error: string; loading: boolean; onRetry: () => void }) {
  if (!error) return null;
  return (
    <div className="admin-notice admin-notice--error">
      <p role="alert">{ADMIN.sectionNotLoaded}</p>
      <button type="button" onClick={onRetry} disabled={loading}>{loading ? ADMIN.loading : ADMIN.tryAgain}</button>
    </div>
  );
}
