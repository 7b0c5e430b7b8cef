import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createTrackingRepository } from '../db/tracking-repository.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from '../security/http-error.ts';
import { parseInput } from '../security/validation.ts';
import { createBundledPlacesProvider, type PlacesProvider } from './places-provider.ts';
import { createTrackingWriter } from './tracking-writer.ts';

const DEFAULT_LIMIT = 5;

const countriesSchema = z
  .string()
  .regex(/^[A-Za-z]{2}(,[A-Za-z]{2})*$/, { error: 'country must be two-letter codes separated by commas' })
  .optional();

const autocompleteQuery = z.object({
  input: z.string().trim().min(1, { error: 'input is required' }).max(200),
  country: countriesSchema,
  limit: z.coerce.number().int().min(1).max(10).default(DEFAULT_LIMIT),
  sessionToken: z.string().max(128).optional(),
});

const detailsQuery = z.object({
  placeId: z.string().min(1, { error: 'placeId is required' }).max(128),
  sessionToken: z.string().max(128).optional(),
  // tracking context: where on the storefront the address was picked
  productPage: z.string().max(128).optional(),
  productSection: z.string().max(128).optional(),
});

/** GET /api/google-maps/places/autocomplete and …/details, answered by a pluggable provider. */
export function createPlacesRouter(deps: AppDeps, provider: PlacesProvider = createBundledPlacesProvider()): Router {
  const router = Router();
  const tracking = createTrackingWriter(createTrackingRepository(deps.store), deps.log, deps.background);

  router.get('/api/google-maps/places/autocomplete', async (req, res) => {
    const query = parseInput(autocompleteQuery, req.query);
    const predictions = await provider.autocomplete({
      input: query.input,
      countryCodes: query.country ? query.country.split(',') : [],
      limit: query.limit,
    });
    res.json({ predictions });
  });

  router.get('/api/google-maps/places/details', async (req, res) => {
    const query = parseInput(detailsQuery, req.query);
    const result = await provider.details(query.placeId);
    // an unknown id is a refused call and records nothing
    if (!result) throw new HttpError(404, platformMessages.placeNotFound);
    tracking.enqueue('tracking_events', [{
      kind: 'places-details',
      visitorId: null,
      payload: { placeId: query.placeId, productPage: query.productPage ?? null, productSection: query.productSection ?? null },
    }]);
    res.json({ result });
  });

  return router;
}
