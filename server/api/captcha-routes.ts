import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { CAPTCHA_ACTIONS, isLocalCaptcha } from '../security/captcha.ts';
import { HttpError } from '../security/http-error.ts';
import { createRateLimiter } from '../security/rate-limit.ts';
import { parseInput } from '../security/validation.ts';
import { followStoreLanguage } from '../pages/store-language.ts';

const challengeQuery = z.object({
  action: z.enum(CAPTCHA_ACTIONS, { error: `action must be one of ${CAPTCHA_ACTIONS.join(', ')}` }).default('form_block'),
});

const solveSchema = z.object({
  challenge: z.string().min(1).max(1024),
  answer: z.string().trim().min(1, { error: 'answer is required' }).max(16),
});

/** The built-in captcha's challenge and answer calls (present only when that captcha is configured). */
export function createCaptchaRouter(deps: AppDeps): Router {
  const router = Router();
  const captcha = deps.captcha;
  if (!isLocalCaptcha(captcha)) return router;
  // the question and its refusals are the store's own words, which the shopper reads: in the store's language
  const inStoreLanguage = followStoreLanguage(deps);

  router.get('/api/captcha/challenge', createRateLimiter(deps, 'captchaChallenge'), inStoreLanguage, (req, res) => {
    const { action } = parseInput(challengeQuery, req.query);
    res.set('Cache-Control', 'no-store');
    res.json({ siteKey: captcha.siteKey, ...captcha.issueChallenge(action) });
  });

  router.post('/api/captcha/solve', createRateLimiter(deps, 'captchaSolve'), inStoreLanguage, async (req, res) => {
    const input = parseInput(solveSchema, req.body);
    const result = await captcha.solveChallenge(input.challenge, input.answer);
    if (!result.ok) throw new HttpError(400, result.message);
    res.json({ token: result.token, expiresOn: result.expiresOn });
  });

  return router;
}

