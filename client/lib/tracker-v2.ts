/**
 * The v2 event tracker: caller fields merged with auto-filled browser fields,
 * environments dev/qa/staging/prod, and the session-recording eligibility rule.
 */
import { api } from './api.ts';
import { HELPERS } from './messages.ts';

export const TRACKER_ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'] as const;
export type TrackerEnvironment = (typeof TRACKER_ENVIRONMENTS)[number];
export const TRACKER_PATH = '/api/v1/clanker/events';

export type TrackerFields = Record<string, string | number | boolean | null>;

export function autoTrackerFields(): TrackerFields {
  return {
    page_host: location.host,
    page_path: location.pathname,
    page_query_params: location.search,
    page_referrer_url: document.referrer,
    browser_language: navigator.language,
    browser_locale: navigator.language,
    browser_window_height: window.innerHeight,
    browser_window_width: window.innerWidth,
    user_agent: navigator.userAgent,
    event_timestamp: Date.now(),
  };
}

/** Merges caller fields with auto fields; warns when an auto field overwrites a caller one. */
export function buildTrackerEvent(fields: TrackerFields, environment: string, warn: (m: string) => void = console.warn): TrackerFields {
  if (!(TRACKER_ENVIRONMENTS as readonly string[]).includes(environment)) warn(HELPERS.trackerUnknownEnvironment(environment));
  const auto = autoTrackerFields();
  for (const key of Object.keys(auto)) {
    if (key in fields) warn(HELPERS.trackerFieldOverwritten(key));
  }
  return { ...fields, ...auto, source_environment: environment };
}

/** Sends one event; rejects (with the catalogue warning) on a status other than 200 or 202. */
export async function sendTrackerEvent(schemaName: string, event: TrackerFields, warn: (m: string) => void = console.warn): Promise<void> {
  // Through the one API module, so the call carries the crumb like every other state change.
  const response = await api.post(TRACKER_PATH, { eventSchemaName: schemaName, eventContent: JSON.stringify(event) });
  if (response.status !== 200 && response.status !== 202) {
    const message = HELPERS.trackingStatus(response.status);
    warn(message);
    throw new Error(message);
  }
}

export interface RecordingEnvironment {
  country: string;
  timeZone: string;
  cpuCores: number;
  featureEnabled: boolean;
  inSample: boolean;
}

/** Session recording: US visitors in an America/* time zone with more than 2 cores, toggled on and sampled. */
export function sessionRecordingEligible(env: RecordingEnvironment): boolean {
  return env.country === 'US' && env.timeZone.startsWith('America/') && env.cpuCores > 2 && env.featureEnabled && env.inSample;
}

/** No third-party recorder loads here; initialising without an organisation id is still an error. */
export function assertRecorderOrganisation(orgId: string | null | undefined): string {
  if (!orgId) throw new Error(HELPERS.recorderOrgId);
  return orgId;
}
