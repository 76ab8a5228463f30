import { apiClient } from './api-client';

/**
 * The file name of a Content-Disposition header: RFC 6266's `filename*=UTF-8''...` first (names in
 * any script), then a plain `filename=`. Path separators are dropped, so a name cannot point
 * anywhere but the downloads folder.
 */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Fetches an authorised file through the api client (Bearer token, refresh on 401/403, the
 * section 8 errors), so a download never needs the token in its URL.
 */
export function fetchFile(url: string, fallbackName: string): Promise<DownloadedFile> {
  return apiClient.request(url, {
    headers: { Accept: '*/*' },
    parse: async (response) => ({
      blob: await response.blob(),
      fileName: fileNameFrom(response.headers.get('Content-Disposition'), fallbackName),
    }),
  });
}

/** Hands a fetched file to the browser's download, under its name, through a temporary link. */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
