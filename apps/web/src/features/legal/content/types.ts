/**
 * The legal texts, one file per language, loaded only by the page that shows them.
 * A paragraph may hold links within the shop written `[words](/path)`.
 */
export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { table: { caption: string; head: readonly string[]; rows: readonly (readonly string[])[] } };

export interface LegalSection {
  /** The anchor of the section (`/privacy-policy#cookies`); the same in every language. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  sections: readonly LegalSection[];
}

export interface LegalTexts {
  privacy: LegalDocument;
  terms: LegalDocument;
  personalLicence: LegalDocument;
  commercialLicence: LegalDocument;
}

export type LegalDocumentKind = keyof LegalTexts;

/**
 * When the texts last changed in substance; shown on both pages. Noon UTC, so that the day shown is
 * the same in (almost) every time zone.
 */
export const LEGAL_TEXTS_UPDATED = '2026-11-26T12:00:00Z';
