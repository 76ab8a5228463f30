import type { LegalBlock, LegalTexts } from './types';

/** One language's words for the licences: stated once, shown in the terms and on each licence page. */
export interface LicenceWords {
  /** The headings of the licence pages' two sections. */
  may: string;
  never: string;
  grant: string;
  personalIntro: string;
  personalUses: readonly string[];
  commercialIntro: string;
  commercialUses: readonly string[];
  noLicenceIntro: string;
  noLicenceUses: readonly string[];
  /** Where the licences stand in the terms. */
  inTerms: string;
}

/** The blocks of the terms' licence section. */
export const licenceSectionBlocks = (words: LicenceWords): readonly LegalBlock[] => [
  words.grant,
  words.personalIntro,
  { list: words.personalUses },
  words.commercialIntro,
  { list: words.commercialUses },
  words.noLicenceIntro,
  { list: words.noLicenceUses },
];

/** Each licence's own page: what it allows, then what no licence allows. */
export function licenceDocuments(
  words: LicenceWords,
): Pick<LegalTexts, 'personalLicence' | 'commercialLicence'> {
  const never = {
    id: 'never',
    heading: words.never,
    blocks: [words.noLicenceIntro, { list: words.noLicenceUses }, words.inTerms],
  };
  const personal: readonly LegalBlock[] = [
    words.grant,
    words.personalIntro,
    { list: words.personalUses },
  ];
  return {
    personalLicence: { sections: [{ id: 'may', heading: words.may, blocks: personal }, never] },
    commercialLicence: {
      sections: [
        {
          id: 'may',
          heading: words.may,
          blocks: [...personal, words.commercialIntro, { list: words.commercialUses }],
        },
        never,
      ],
    },
  };
}
