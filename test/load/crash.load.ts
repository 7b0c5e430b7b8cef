import Database from 'better-sqlite3';
import { request } from 'node:http';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, startMain, type MainProcess } from '../server/helpers/start-main.ts';
import { temporaryDatabasePath } from '../server/helpers/start-server.ts';
import { seededProduct, seededVariant } from '../server/helpers/fixtures.ts';
import { Visitor } from '../server/helpers/visitor.ts';

const ENTRIES = '/api/commerce/shopping-cart/entries';
const shirt = seededProduct('linen-shirt');
const variant = seededVariant('linen-shirt', (v) => v.qtyInStock === 12);

const started: MainProcess[] = [];
const folders: string[] = [];

async function launch(databasePath: string): Promise<MainProcess> {
  const running = await startMain(databasePath);
  started.push(running);
  return running;
}

afterEach(() => {
  for (const running of started.splice(0)) if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('SIGKILL in the middle of a stream of writes', () => {
  it('keeps every acknowledged write and an intact database after restart', async () => {
    const databasePath = temporaryDatabasePath();
    folders.push(dirname(databasePath));
    const first = await launch(databasePath);
    const acknowledged: string[] = [];
    let killed = false;
    // Four writers in parallel, each a new visitor with a new cart; bounded to 50 writes (under the add-to-cart budget).
    const writer = async (): Promise<void> => {
      while (!killed && acknowledged.length < 50) {
        try {
          const v = await new Visitor(first.url).start();
          const answer = await v.post<{ shoppingCart: { id: string } }>(ENTRIES, { itemId: shirt.id, sku: variant.sku, quantity: 1 });
          if (answer.status === 200) acknowledged.push(answer.body.shoppingCart.id);
          if (acknowledged.length >= 25 && !killed) { killed = true; first.child.kill('SIGKILL'); }
        } catch {
          return; // the connection died with the process: that write was never acknowledged
        }
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);
    expect((await exited(first.child)).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(25);

    const second = await launch(databasePath);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    second.child.kill('SIGTERM');
    await exited(second.child);

    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);
      const present = db.prepare('SELECT id FROM carts').pluck().all() as string[];
      const missing = acknowledged.filter((id) => !present.includes(id));
      expect(missing).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('SIGTERM', () => {
  it('finishes a request that is in flight before exiting', async () => {
    const databasePath = temporaryDatabasePath();
    folders.push(dirname(databasePath));
    const running = await launch(databasePath);
    const v = await new Visitor(running.url).start();
    const body = JSON.stringify({ itemId: shirt.id, sku: variant.sku, quantity: 1 });
    const url = new URL(ENTRIES, running.url);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const outgoing = request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-csrf-token': decodeURIComponent(v.crumb),
          cookie: [...v.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      outgoing.on('error', reject);
      // Half the body now, the signal, then the rest: the request is in flight when SIGTERM arrives.
      outgoing.write(body.slice(0, 10));
      setTimeout(() => {
        running.child.kill('SIGTERM');
        setTimeout(() => outgoing.end(body.slice(10)), 500);
      }, 300);
    });
    const finished = await answer;
    expect(finished.status, finished.text).toBe(200);
    expect(JSON.parse(finished.text)).toHaveProperty('shoppingCart');
    const { code } = await exited(running.child);
    expect(code).toBe(0);
    expect(running.output()).toContain('shutting down');
  });
});
