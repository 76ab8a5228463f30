import type { Locale } from '@pictura/contract';

// The markup every mail is written in, whichever module writes it.
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export const paragraph = (html: string): string => `<p style="margin:0 0 16px">${html}</p>`;
export const link = (href: string): string =>
  `<a href="${escapeHtml(href)}" style="color:#5b3cc4">${escapeHtml(href)}</a>`;

/** A plain, inline-styled document: mail clients ignore style sheets and scripts. */
export const htmlDocument = (locale: Locale, subject: string, body: string): string =>
  `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
  `<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f1f1f">${body}</body></html>`;
