import type { Request } from 'express';
import type { AppDeps } from '../deps.ts';
import { CatalogueRepository } from '../db/catalogue-repository.ts';
import { ContentRepository } from '../db/content-repository.ts';
import { pinnedContentVersion, type ContentVersion } from '../db/content-version.ts';
import { SiteRepository } from '../db/site-repository.ts';

/** The storefront content as one request reads it. */
export interface RequestContent {
  /** The content version this request reads at (read from the database once, at first use). */
  version: ContentVersion;
  site: SiteRepository;
  catalogue: CatalogueRepository;
  content: ContentRepository;
}

const contentByRequest = new WeakMap<Request, RequestContent>();

/**
 * The content repositories of one request, sharing one read of the content version: a page build
 * asks the database for the version once, not once per lookup (a round trip each on PostgreSQL),
 * and still sees every write committed before the request began. For reading pages; a handler
 * that writes content and reads it back builds live repositories instead.
 */
export function requestContent(deps: AppDeps, req: Request): RequestContent {
  let content = contentByRequest.get(req);
  if (!content) {
    const version = pinnedContentVersion(deps.store);
    content = {
      version,
      site: new SiteRepository(deps.store, version),
      catalogue: new CatalogueRepository(deps.store, version),
      content: new ContentRepository(deps.store, version),
    };
    contentByRequest.set(req, content);
  }
  return content;
}
