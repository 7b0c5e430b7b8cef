/**
 * An image upload or a products import whose multipart body does not parse (no boundary, a part
 * header without its value, a body that stops before its closing boundary) answered 500 and
 * logged an error: the multipart parser's refusals are the client's, a 400 with one warn line
 * like the other refused bodies.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serverMessages } from '../../../server/messages.ts';
import { SITE_USER_XSRF_HEADER } from '../../../server/security/site-user.ts';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

let server: PlatformServer;
let owner: SiteUserVisitor;
let imagesPath: string;
let warnings: MockInstance;
let errors: MockInstance;

beforeAll(async () => {
  server = await startPlatformServer();
  owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput());
  expect(created.status, created.text).toBe(201);
  imagesPath = `/api/admin/products/${created.body.product.id}/images`;
});
afterAll(async () => {
  await server.stop(true);
});
afterEach(() => {
  warnings?.mockRestore();
  errors?.mockRestore();
});

async function send(path: string, contentType: string, body: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-csrf-token': decodeURIComponent(owner.crumb),
      [SITE_USER_XSRF_HEADER]: owner.xsrfToken,
      'content-type': contentType,
    },
    body,
  });
  return { status: response.status, body: await response.json() as { message: string } };
}

const imagePart = '--edge\r\nContent-Disposition: form-data; name="image"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';

describe('an upload whose multipart body does not parse', () => {
  const cases: Array<[string, string, string]> = [
    ['no boundary', 'multipart/form-data', '--edge\r\n'],
    ['not multipart at all', 'multipart/form-data; boundary=edge', 'a body of plain words'],
    ['a part header without its value', 'multipart/form-data; boundary=edge', '--edge\r\nContent-Disposition\r\n\r\nbytes\r\n--edge--\r\n'],
    ['cut short before its closing boundary', 'multipart/form-data; boundary=edge', `${imagePart}bytes`],
  ];
  for (const [label, contentType, body] of cases) {
    it(`${label}: 400, the body could not be read, one warn line and no error`, async () => {
      warnings = vi.spyOn(server.app.deps.log, 'warn');
      errors = vi.spyOn(server.app.deps.log, 'error');
      const answer = await send(imagesPath, contentType, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(serverMessages.bodyUnreadable);
      const refused = warnings.mock.calls.filter(([, message]) => message === serverMessages.bodyRefusedLog);
      expect(refused).toHaveLength(1);
      expect(refused[0]![0]).toMatchObject({ method: 'POST', path: imagesPath, status: 400, reason: 'multipart.malformed' });
      expect(errors).not.toHaveBeenCalled();
    });
  }

  it('a products import cut short is refused the same way', async () => {
    warnings = vi.spyOn(server.app.deps.log, 'warn');
    errors = vi.spyOn(server.app.deps.log, 'error');
    const answer = await send('/api/admin/product-import', 'multipart/form-data; boundary=edge', '--edge\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\n\r\nTitle');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(serverMessages.bodyUnreadable);
    expect(warnings.mock.calls.filter(([, message]) => message === serverMessages.bodyRefusedLog)).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });
});
