/**
 * A cookie-keeping HTTP client standing in for one browser: it stores Set-Cookie answers and
 * sends the crumb back in X-CSRF-Token like the islands do.
 */
export interface VisitorResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  /** The body's bytes as sent (Visitor's requests; a download's byte order mark is in them, not in `text`). */
  bytes?: Uint8Array;
  headers: Headers;
}

export interface RequestOptions {
  /** Leave the crumb header out (to test crumb failures). */
  withoutCrumb?: boolean;
  /** Send this crumb instead of the stored one. */
  crumb?: string;
  headers?: Record<string, string>;
  /** Send the body form-encoded instead of JSON. */
  form?: Record<string, string>;
}

export class Visitor {
  /** `cookies`: pass another visitor's to be the same browser talking to another server process. */
  constructor(
    readonly baseUrl: string,
    readonly cookies = new Map<string, string>(),
  ) {}

  /** Loads a page once so the crumb cookie exists. */
  async start(): Promise<this> {
    await this.request('GET', '/api/health');
    return this;
  }

  get crumb(): string {
    return this.cookies.get('crumb') ?? '';
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute))
        || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = unknown>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<VisitorResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && !options.withoutCrumb) headers['x-csrf-token'] = options.crumb ?? decodeURIComponent(this.crumb);
    let payload: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(options.form).toString();
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
    this.remember(response.headers);
    // the bytes as sent (a download's byte order mark too, which the text, decoded as fetch does, leaves out)
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, text, bytes, headers: response.headers };
  }

  get<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, undefined, options);
  }

  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, body, options);
  }

  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, body, options);
  }

  delete<T = unknown>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, undefined, options);
  }
}
