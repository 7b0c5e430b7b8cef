import { randomUUID } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { createFormSubmissionRepository } from '../db/form-submission-repository.ts';
import { SiteRepository } from '../db/site-repository.ts';
import { createTrackingRepository, type TrackingTable } from '../db/tracking-repository.ts';
import { fillMessage, serverMessages } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';
import { CENSUS_VISITOR_COOKIE, parseVisitorCookie, touchCensusVisitor } from '../security/census-cookie.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseInput } from '../security/validation.ts';
import { describeEventContentProblems } from './clanker-event-schema.ts';
import { assertBodyDepth } from './body-nesting.ts';
import { storeRepositories } from './cart-session.ts';
import { createTrackingWriter } from './tracking-writer.ts';

const MAX_TEXT = 16_000;
/** The error reporter cuts stacks to 5000 characters and sends at most 20 per page. */
const MAX_STACK = 5_000;
const MAX_ERRORS_PER_CALL = 20;
const MAX_PERFORMANCE_EVENTS = 200;
const CENSUS_KINDS = ['button-click', 'button-render', 'overlay'] as const;

/**
 * "data" arrives as JSON text in form posts; keep it parsed when it is JSON, raw otherwise. The
 * text is bounded by its schema (MAX_TEXT) and the parsed value by the body's depth limit, checked
 * here before anything is queued: text nested thousands deep would otherwise pass as a string
 * and only fail when the queued batch is written.
 */
function parseDataText(text: string | undefined): unknown {
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  assertBodyDepth(parsed);
  return parsed;
}

const recordEventSchema = z.object({
  event: z.string().min(1).max(128),
  data: z.string().max(MAX_TEXT).optional(),
});

const javascriptErrorsSchema = z
  .array(
    z.object({
      event: z.string().min(1).max(256),
      data: z.unknown().optional(),
      timestamp: z.number().finite().nonnegative().optional(),
    }),
  )
  .min(1)
  .max(MAX_ERRORS_PER_CALL);

const recordHitSchema = z.object({
  event: z.string().min(1).max(128).optional(),
  data: z.string().max(MAX_TEXT).optional(),
  ss_cvr: z.string().max(256).optional(),
});

const looseCensusSchema = z.record(z.string().max(128), z.unknown()).default({});

const formRenderSchema = z.object({
  formId: z.string().min(1).max(128),
  visitorCookie: z.string().max(256).optional(),
});

const quickViewParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'id must be an item id' }) });

const performanceRecordsSchema = z.union([
  z.array(z.record(z.string(), z.unknown())).max(MAX_PERFORMANCE_EVENTS),
  z.object({
    pageLoadId: z.string().max(128).optional(),
    events: z.array(z.record(z.string(), z.unknown())).max(MAX_PERFORMANCE_EVENTS),
  }),
]);

const clankerEventSchema = z.object({
  eventSchemaName: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, { error: 'eventSchemaName must be a schema name' }),
  eventContent: z.string().max(MAX_TEXT),
});

/** Beacons (navigator.sendBeacon with a string) arrive as text/plain JSON. */
function jsonBody(req: Request): unknown {
  if (typeof req.body !== 'string') return req.body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(req.body);
  } catch {
    throw new HttpError(400, serverMessages.malformedJson);
  }
  // text bodies are parsed here, after the app-wide depth check ran
  assertBodyDepth(parsed);
  return parsed;
}

function knownVisitorId(req: Request, posted?: unknown): string | null {
  const cookies = (req.cookies ?? {}) as Record<string, unknown>;
  return (parseVisitorCookie(cookies[CENSUS_VISITOR_COOKIE]) ?? parseVisitorCookie(posted))?.id ?? null;
}

/** Visitor analytics, error reports, performance beacons and hosted-events calls. */
export function createTrackingRouter(deps: AppDeps): Router {
  const router = Router();
  const throttle = createRateLimiter(deps, 'tracking');
  const writer = createTrackingWriter(createTrackingRepository(deps.store), deps.log, deps.background);
  const site = new SiteRepository(deps.store);
  const forms = createFormSubmissionRepository(deps.store);
  const beaconText = express.text({ type: 'text/plain', limit: deps.options.bodyLimit ?? '100kb' });

  const store = (table: TrackingTable, kind: string, visitorId: string | null, payload: unknown): void => {
    writer.enqueue(table, [{ kind, visitorId, payload }]);
  };

  router.post('/api/events/RecordEvent', throttle, (req, res) => {
    const input = parseInput(recordEventSchema, req.body);
    store('tracking_events', input.event, knownVisitorId(req), { event: input.event, data: parseDataText(input.data) });
    res.status(204).end();
  });

  router.post('/api/events/RecordJavascriptErrors', throttle, beaconText, (req, res) => {
    const reports = parseInput(javascriptErrorsSchema, jsonBody(req));
    const visitorId = knownVisitorId(req);
    writer.enqueue(
      'javascript_errors',
      reports.map((report) => {
        const data = JSON.stringify(report.data ?? null);
        return {
          kind: report.event,
          visitorId,
          payload: {
            event: report.event,
            timestamp: report.timestamp ?? null,
            data: data.length > MAX_STACK ? data.slice(0, MAX_STACK) : report.data ?? null,
          },
        };
      }),
    );
    res.status(204).end();
  });

  router.post('/api/census/RecordHit', throttle, (req, res) => {
    const input = parseInput(recordHitSchema, req.body ?? {});
    const visitor = touchCensusVisitor(req, res, input.ss_cvr);
    store('census_hits', 'hit', visitor.id, {
      event: input.event ?? null,
      data: parseDataText(input.data),
      visitCount: visitor.visitCount,
    });
    res.status(204).end();
  });

  for (const kind of CENSUS_KINDS) {
    router.post(`/api/census/${kind}`, throttle, beaconText, (req, res) => {
      // no body at all is an empty beacon; a JSON null is not a beacon
      const raw = jsonBody(req);
      const body = parseInput(looseCensusSchema, raw === undefined ? {} : raw);
      store('census_hits', kind, knownVisitorId(req, body.ss_cvr), body);
      res.status(204).end();
    });
  }

  router.post('/api/census/form-render', throttle, async (req, res) => {
    const input = parseInput(formRenderSchema, req.body);
    // a render of a form the site does not have is noise, not analytics
    if (!(await forms.findForm(input.formId))) throw new HttpError(404, platformMessages.formNotFound);
    store('census_hits', 'form-render', knownVisitorId(req, input.visitorCookie), { formId: input.formId });
    res.status(204).end();
  });

  router.post('/api/census/RecordQuickView/:id', throttle, async (req, res) => {
    const { id } = parseInput(quickViewParams, req.params);
    if (!(await storeRepositories(deps).catalogue.productById(id))) throw new HttpError(404, serverMessages.productNotFound);
    store('census_hits', 'quick-view', knownVisitorId(req), { itemId: id });
    res.status(204).end();
  });

  router.get('/api/1/performance/settings', (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ pageLoadId: randomUUID(), enabled: true });
  });

  router.post('/api/1/performance/records', throttle, beaconText, (req, res) => {
    const input = parseInput(performanceRecordsSchema, jsonBody(req));
    const events = Array.isArray(input) ? input : input.events;
    const pageLoadId = Array.isArray(input) ? null : input.pageLoadId ?? null;
    writer.enqueue(
      'performance_records',
      events.map((event) => ({
        kind: typeof event.name === 'string' ? event.name.slice(0, 64) : 'record',
        visitorId: knownVisitorId(req),
        payload: { pageLoadId, ...event },
      })),
    );
    res.status(204).end();
  });

  router.post('/api/v1/clanker/events', throttle, beaconText, (req, res) => {
    const input = parseInput(clankerEventSchema, jsonBody(req));
    const content = parseDataText(input.eventContent);
    const problems = describeEventContentProblems(content);
    if (problems.length > 0) throw new HttpError(400, problems.join('; '));
    store('clanker_events', input.eventSchemaName, knownVisitorId(req), content);
    res.status(202).json({ message: platformMessages.eventAccepted });
  });

  router.post('/api/v1/clanker/validate-event-content/:schemaName', throttle, beaconText, (req, res) => {
    const { schemaName } = req.params;
    if (!/^[A-Za-z0-9_.-]{1,128}$/.test(schemaName)) {
      throw new HttpError(404, fillMessage(platformMessages.unknownEventSchema, { schemaName }));
    }
    const body = jsonBody(req);
    // the content may come as the object itself or as {eventContent: "<json>"}
    const content = typeof body === 'object' && body !== null && typeof (body as { eventContent?: unknown }).eventContent === 'string'
      ? parseDataText((body as { eventContent: string }).eventContent)
      : body;
    const problems = describeEventContentProblems(content);
    if (problems.length > 0) {
      res.status(400).json({ schemaName, valid: false, errors: problems, message: problems.join('; ') });
      return;
    }
    res.json({ schemaName, valid: true, errors: [] });
  });

  router.get('/api/commerce/fullstory/getId', async (req, res) => {
    // no session recorder runs here; the id names this site so a recorder could be pointed at it
    res.json(`site-${(await site.websiteId()) || 'local'}`);
  });

  return router;
}
