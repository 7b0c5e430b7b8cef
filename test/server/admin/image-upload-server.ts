import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { startPlatformServer, type PlatformServer } from '../helpers/platform-server.ts';
import type { SiteUserVisitor } from '../helpers/site-user-visitor.ts';
import { productInput } from './admin-helpers.ts';

/** A server with an uploads folder of its own, its owner signed in, and a product to upload images to. */
export interface ImageUploadServer {
  server: PlatformServer;
  owner: SiteUserVisitor;
  uploads: string;
  /** The product's image upload call. */
  imagesUrl: string;
}

export async function startImageUploadServer(folderPrefix: string): Promise<ImageUploadServer> {
  const uploads = mkdtempSync(join(tmpdir(), folderPrefix));
  const server = await startPlatformServer({ uploadsDir: uploads });
  const owner = await server.signInOwner();
  const created = await owner.post<{ product: { id: string } }>('/api/admin/products', productInput());
  expect(created.status, created.text).toBe(201);
  return { server, owner, uploads, imagesUrl: `/api/admin/products/${created.body.product.id}/images` };
}

export async function stopImageUploadServer({ server, uploads }: ImageUploadServer): Promise<void> {
  await server.stop(true);
  rmSync(uploads, { recursive: true, force: true });
}

/** A small real JPEG photo (320×240) to upload. */
export function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
}
