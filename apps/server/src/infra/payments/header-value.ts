import type { WebhookRequest } from './gateway.js';

/**
 * One header of a webhook request by its name in any case. Node gives header names in lower case,
 * but a caller may pass headers it built itself; a repeated header is not trusted (undefined).
 */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}
