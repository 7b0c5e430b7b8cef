/**
 * Checks the content of a hosted-events (v2 tracker) event: an object whose known tracker
 * fields carry the right kind of value. Custom fields of a schema are allowed.
 */
const STRING_FIELDS = [
  'analytics_id', 'session_id', 'marketing_id', 'page_host', 'page_path', 'page_query_params',
  'page_referrer_url', 'browser_language', 'browser_locale', 'user_agent', 'context_website_id',
  'member_account_id', 'object_identifier', 'destination_url', 'resolved_locale', 'website_locale',
  'member_account_locale', 'custom_schema_name', 'source_environment',
] as const;
const NUMBER_FIELDS = ['browser_window_height', 'browser_window_width', 'event_timestamp'] as const;
const ENVIRONMENTS = ['dev', 'qa', 'staging', 'prod'];

/** The problems of one event's content, empty when it is acceptable. */
export function describeEventContentProblems(content: unknown): string[] {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) {
    return ['eventContent must be a JSON object'];
  }
  const fields = content as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of STRING_FIELDS) {
    const value = fields[name];
    if (value !== undefined && value !== null && typeof value !== 'string') problems.push(`${name} must be a string`);
  }
  for (const name of NUMBER_FIELDS) {
    const value = fields[name];
    if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isFinite(value))) {
      problems.push(`${name} must be a number`);
    }
  }
  const environment = fields.source_environment;
  if (typeof environment === 'string' && !ENVIRONMENTS.includes(environment)) {
    problems.push(`source_environment must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  return problems;
}
