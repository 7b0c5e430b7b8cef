/** URL prefix under which the server serves the client build (dist/client). */
export const CLIENT_ASSET_BASE = '/assets/';
