import { randomBytes, randomUUID } from 'node:crypto';
import { Router, type ErrorRequestHandler } from 'express';
import { z } from 'zod';
import { FORM } from '../../client/lib/messages.ts';
import { formSubmissionSchema } from '../../client/lib/validation.ts';
import type { AppDeps } from '../deps.ts';
import { createFormSubmissionRepository, type StoredForm } from '../db/form-submission-repository.ts';
import { fillMessage } from '../messages.ts';
import { platformMessages } from '../platform-messages.ts';
import { HttpError } from '../security/http-error.ts';
import { activeCaptcha } from '../security/captcha-switch.ts';
import { storeRepositories } from './cart-session.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { readResolvedSiteUser } from '../security/site-user.ts';
import { describeIssues, parseInput } from '../security/validation.ts';
import { parseFormDefinition, type FormDefinition } from './form-definition.ts';
import { checkFieldValues } from './form-field-values.ts';
import { formTemplateSchema, isFormTemplateType, FORM_TEMPLATE_TYPES } from './form-template-schema.ts';

/** A submission key is good for one save within this window. */
export const FORM_KEY_TTL_MS = 60 * 60 * 1000;
const MAX_FIELDS = 500;

const SAVE_PATH = '/api/form/SaveFormSubmission';

const submittedValuesSchema = z
  .record(z.string().min(1).max(128), z.unknown())
  .refine((values) => Object.keys(values).length <= MAX_FIELDS, { error: `At most ${MAX_FIELDS} fields.` });

const saveSchema = formSubmissionSchema.extend({
  formId: z.string().min(1).max(128).optional(),
});

const typeRequired = `type is required (one of ${FORM_TEMPLATE_TYPES.join(', ')})`;
const templateSchemaQuery = z.object({
  // "required" only when it is absent: a repeated or overlong type gets zod's own description
  type: z
    .string({ error: (issue) => (issue.input === undefined ? typeRequired : undefined) })
    .min(1, { error: typeRequired })
    .max(64),
});

/** A 400 on save carries data.error (or data.errors) because that is what the form island shows. */
function saveError(status: number, message: string, data: Record<string, unknown> = { error: message }): HttpError {
  return new HttpError(status, message, { data });
}

function definitionOf(stored: StoredForm): FormDefinition {
  const form = parseFormDefinition(stored.id, stored.name, stored.definitionJson);
  // a stored form that is not a form is a seeding mistake, not the visitor's
  if (!form) throw new Error(`form ${stored.id} has an unreadable definition`);
  return form;
}

/** Form validation, submission keys, saving submissions and the form-builder schema. */
export function createFormsRouter(deps: AppDeps): Router {
  const router = Router();
  const forms = createFormSubmissionRepository(deps.store);

  /** The form named by id, or (older clients send no formId) the form holding every submitted field. */
  const findForm = async (formId: string | undefined, fieldIds: string[]): Promise<FormDefinition | null> => {
    if (formId !== undefined) {
      const stored = await forms.findForm(formId);
      return stored ? definitionOf(stored) : null;
    }
    if (fieldIds.length === 0) return null;
    for (const stored of await forms.listForms()) {
      const form = definitionOf(stored);
      const ids = new Set(form.fields.map((field) => field.id));
      if (fieldIds.every((id) => ids.has(id))) return form;
    }
    return null;
  };

  router.get('/api/template/GetTemplateSchema', (req, res) => {
    const { type } = parseInput(templateSchemaQuery, req.query);
    if (!isFormTemplateType(type)) {
      throw new HttpError(400, fillMessage(platformMessages.unknownTemplateSchemaType, { type }), {
        types: [...FORM_TEMPLATE_TYPES],
      });
    }
    res.json(formTemplateSchema(type));
  });

  router.post('/api/rest/forms/validate/:formId', createRateLimiter(deps, 'formValidate'), async (req, res) => {
    const stored = await forms.findForm(req.params.formId);
    if (!stored) throw new HttpError(404, FORM.status404);
    const values = parseInput(submittedValuesSchema, req.body ?? {});
    const check = checkFieldValues(definitionOf(stored).fields, values);
    const errors = { ...check.ruleErrors, ...check.shapeErrors };
    if (Object.keys(errors).length > 0) {
      res.status(400).json({ message: FORM.invalidFields, errors });
      return;
    }
    res.json({ errors: {} });
  });

  router.post('/api/form/FormSubmissionKey', createRateLimiter(deps, 'formKey'), async (req, res) => {
    const key = randomBytes(24).toString('base64url');
    const now = Date.now();
    await forms.issueKey(key, now, now - FORM_KEY_TTL_MS);
    res.json({ data: { key } });
  });

  router.post(SAVE_PATH, createRateLimiter(deps, 'formSave'), async (req, res) => {
    const parsed = saveSchema.safeParse(req.body);
    if (!parsed.success) {
      const formIssue = parsed.error.issues.find((issue) => issue.path[0] === 'form');
      throw saveError(400, formIssue ? FORM.cannotParseFields : describeIssues(parsed.error));
    }
    const input = parsed.data;
    const submitted = submittedValuesSchema.safeParse(JSON.parse(input.form));
    if (!submitted.success) throw saveError(400, FORM.cannotParseFields);

    const form = await findForm(input.formId, Object.keys(submitted.data));
    if (!form) throw saveError(404, FORM.status404);

    const check = checkFieldValues(form.fields, submitted.data);
    const errors = { ...check.ruleErrors, ...check.shapeErrors };
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, FORM.invalidFields, { data: { errors } });
    }

    const captcha = await activeCaptcha(deps, storeRepositories(deps).site);
    if (form.captchaEnabled && captcha) {
      const token = input.captchaKey ?? '';
      if (token === '' || !(await captcha.verify(token, 'form_block'))) throw saveError(400, FORM.completeCaptcha);
    }

    const now = Date.now();
    const submissionId = randomUUID();
    const outcome = await forms.redeemKeyAndStore(
      {
        id: submissionId,
        formId: form.id,
        key: input.key,
        valuesJson: JSON.stringify(check.values),
        pageTitle: input.pageTitle ?? null,
        pageId: input.pageId ?? null,
        contentSource: input.contentSource ?? null,
        pagePath: input.pagePath ?? null,
        pagePermissionTypeValue: input.pagePermissionTypeValue === undefined ? null : String(input.pagePermissionTypeValue),
        siteUserId: readResolvedSiteUser(req)?.siteUserId ?? null,
        createdOn: now,
      },
      now - FORM_KEY_TTL_MS,
    );
    if (outcome !== 'redeemed') {
      deps.log.info({ formId: form.id, outcome }, 'form submission key refused');
      throw saveError(401, FORM.status401);
    }
    res.json({ success: true, submissionId, message: platformMessages.formSubmissionSaved });
  });

  // Anything unexpected while saving answers the form's own 500 text (logged with detail).
  const saveFailure: ErrorRequestHandler = (err, req, res, next) => {
    if (req.path !== SAVE_PATH || err instanceof HttpError || res.headersSent || isClientError(err)) {
      next(err);
      return;
    }
    deps.log.error({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err), reqId: req.id }, 'form save failed');
    res.status(500).json({ message: FORM.status500, data: { error: FORM.status500 } });
  };
  router.use(saveFailure);

  return router;
}

/** Crumb and body-parser failures keep their own answers. */
function isClientError(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && status >= 400 && status < 500;
}
