import { LRUCache } from 'lru-cache';
import type { ContentCredentials } from '@pictura/contract';
import { AppError } from '../../lib/index.js';
import type { Db } from '../../infra/db/index.js';
import { previewWidthsFor, readC2pa, type C2paReading } from '../../infra/images/index.js';
import type { PreviewStore } from './images.js';
import { offerDetailRow } from './service.js';

const SOURCE_TYPES = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

// Steps a derived file's manifest lists that are not edits: the original opened, or made.
const NOT_EDITS = new Set(['c2pa.opened', 'c2pa.created']);

const VALIDATIONS: Record<string, ContentCredentials['validation']> = {
  Trusted: 'trusted',
  Valid: 'valid',
};

/** What a manifest store says, in the answer's words (see ContentCredentialsSchema). */
export function credentialsOf(reading: C2paReading): ContentCredentials {
  // A preview names its original as parent ingredient; an original says `c2pa.created` itself.
  const created = [...reading.parentActions, ...reading.actions].find(
    (action) => action.action === 'c2pa.created',
  );
  const sourceType = created?.digitalSourceType;
  return {
    validation: VALIDATIONS[reading.validationState] ?? 'invalid',
    digitalSourceType: sourceType ? sourceType.replace(SOURCE_TYPES, '') : null,
    generator: created?.softwareAgent?.name ?? null,
    signedBy: reading.signer.commonName ?? null,
    certificateIssuer: reading.signer.issuer ?? null,
    signedAt: created?.when ?? null,
    edits: reading.actions
      .map((action) => action.action)
      .filter((action) => !NOT_EDITS.has(action)),
  };
}

// A preview's bytes never change under its key (the original's content hash), so neither does
// what its manifest says; reading one costs some milliseconds of WebAssembly.
const KNOWN_PICTURES = 1_000;

/**
 * GET /api/offers/content-credentials: what the manifest of a published picture's stored public
 * preview says, the smallest WebP (the link preview for a picture too small to have one); made
 * and signed first if it was never asked for. 404 for an unknown name or a file without one.
 */
export function createContentCredentials(db: Db, previews: PreviewStore) {
  const known = new LRUCache<string, ContentCredentials>({ max: KNOWN_PICTURES });
  return async (urlName: string): Promise<ContentCredentials> => {
    const row = await offerDetailRow(db, urlName.toLowerCase());
    if (!row) throw new AppError('NOT_FOUND');
    const kept = known.get(row.imageKey);
    if (kept) return kept;
    const [width] = previewWidthsFor(row.width);
    const bytes = width
      ? await previews.get(row.imageKey, width, 'webp')
      : await previews.share(row.imageKey);
    const reading = bytes && (await readC2pa(bytes));
    if (!reading) throw new AppError('NOT_FOUND');
    const credentials = credentialsOf(reading);
    known.set(row.imageKey, credentials);
    return credentials;
  };
}
