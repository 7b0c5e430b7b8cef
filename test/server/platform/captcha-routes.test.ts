import { afterEach, describe, expect, it } from 'vitest';
import { platformMessages } from '../../../server/platform-messages.ts';
import { field, startServer, tempDatabasePath, Visitor, type RunningServer } from './harness.ts';

describe('built-in captcha calls', () => {
  let db: ReturnType<typeof tempDatabasePath>;
  let server: RunningServer;

  afterEach(async () => {
    await server.stop();
    db.remove();
  });

  it('issues a challenge and answers a wrong answer with 400 and a readable message', async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
    const visitor = new Visitor(server);
    const challenge = await visitor.call('/api/captcha/challenge?action=product_waitlist');
    expect(challenge.status).toBe(200);
    expect(field(challenge.body, 'prompt')).toMatch(/\d+.*\d+/);
    const [left, right] = ((field(challenge.body, 'prompt') as string).match(/\d+/g) ?? []).map(Number);
    const wrong = await visitor.call('/api/captcha/solve', { json: { challenge: field(challenge.body, 'challenge'), answer: String(left + right + 1) } });
    expect(wrong.status).toBe(400);
    expect(field(wrong.body, 'message')).toBe(platformMessages.captchaWrongAnswer);
    const token = await visitor.call('/api/captcha/solve', { json: { challenge: field(challenge.body, 'challenge'), answer: String(left + right) } });
    expect(token.status).toBe(200);
    // the restock call checks tokens through the configured captcha
    expect(await server.captcha.verify(field(token.body, 'token') as string, 'product_waitlist')).toBe(true);
  });

  it('rejects an unknown action, a missing answer and a missing crumb', async () => {
    db = tempDatabasePath();
    server = await startServer(db.path);
    const visitor = new Visitor(server);
    expect((await visitor.call('/api/captcha/challenge?action=login')).status).toBe(400);
    const challenge = await visitor.call('/api/captcha/challenge');
    expect((await visitor.call('/api/captcha/solve', { json: { challenge: field(challenge.body, 'challenge') } })).status).toBe(400);
    expect((await visitor.call('/api/captcha/solve', { json: { challenge: 'x', answer: '1' }, withoutCrumb: true })).status).toBe(403);
  });

  it('does not exist when no built-in captcha is configured', async () => {
    db = tempDatabasePath();
    server = await startServer(db.path, { captcha: undefined });
    expect((await new Visitor(server).call('/api/captcha/challenge')).status).toBe(404);
  });
});
