import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { platformMessages } from '../../../server/platform-messages.ts';
import { createTrackingRepository } from '../../../server/db/tracking-repository.ts';
import { eventually, field, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

describe('address autocomplete', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;

  beforeEach(async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
  });
  afterEach(async () => {
    await server.stop();
    db.remove();
  });

  it('suggests bundled places by the words typed, accents ignored', async () => {
    const visitor = new Visitor(server);
    const result = await visitor.call('/api/google-maps/places/autocomplete?input=baker%20lon');
    expect(result.status).toBe(200);
    const predictions = field(result.body, 'predictions') as { placeId: string; mainText: string; description: string }[];
    expect(predictions.map((p) => p.mainText)).toEqual(['221B Baker Street']);
    expect(predictions[0].description).toContain('London');
    const accent = await visitor.call('/api/google-maps/places/autocomplete?input=montreal');
    expect((field(accent.body, 'predictions') as unknown[]).length).toBe(1);
  });

  it('filters by country and limits the count', async () => {
    const visitor = new Visitor(server);
    const us = await visitor.call('/api/google-maps/places/autocomplete?input=1&country=US&limit=2');
    const predictions = field(us.body, 'predictions') as { description: string }[];
    expect(predictions).toHaveLength(2);
    expect(predictions.every((p) => p.description.endsWith('United States'))).toBe(true);
    expect((await visitor.call('/api/google-maps/places/autocomplete?input=1&country=USA')).status).toBe(400);
    expect((await visitor.call('/api/google-maps/places/autocomplete?input=zzzzz')).body).toEqual({ predictions: [] });
  });

  it('tells a count far past its bound that bound, not the safe-integer range every whole number is also checked against', async () => {
    const visitor = new Visitor(server);
    for (const [limit, told] of [['1e20', 'limit: Too big: expected number to be <=10'], ['-1e20', 'limit: Too small: expected number to be >=1']]) {
      const refused = await visitor.call(`/api/google-maps/places/autocomplete?input=baker&limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(field(refused.body, 'message')).toBe(told);
    }
  });

  it('answers 400 without input', async () => {
    const result = await new Visitor(server).call('/api/google-maps/places/autocomplete');
    expect(result.status).toBe(400);
    expect(String(field(result.body, 'message'))).toContain('input');
  });

  it('gives the address parts of a place and records the tracking context', async () => {
    const visitor = new Visitor(server);
    const search = await visitor.call('/api/google-maps/places/autocomplete?input=amphitheatre');
    const placeId = (field(search.body, 'predictions') as { placeId: string }[])[0].placeId;
    const details = await visitor.call(`/api/google-maps/places/details?placeId=${placeId}&productPage=product&productSection=checkout`);
    expect(details.status).toBe(200);
    expect(field(details.body, 'result')).toMatchObject({ addressLine1: '1600 Amphitheatre Parkway', city: 'Mountain View', state: 'CA', postalCode: '94043', countryCode: 'US' });
    const tracking = createTrackingRepository(server.app.deps.store);
    await eventually(async () => (await tracking.count('tracking_events')) === 1);
    expect(JSON.parse((await tracking.recent('tracking_events', 1))[0].payloadJson)).toMatchObject({ productPage: 'product', productSection: 'checkout' });
  });

  it('answers 404 for an unknown place and 400 without a placeId', async () => {
    const visitor = new Visitor(server);
    const missing = await visitor.call('/api/google-maps/places/details?placeId=nope');
    expect(missing.status).toBe(404);
    expect(field(missing.body, 'message')).toBe(platformMessages.placeNotFound);
    expect((await visitor.call('/api/google-maps/places/details')).status).toBe(400);
  });
});
