import { ZxcvbnFactory, type TranslationKeys } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as enDictionary, translations as en } from '@zxcvbn-ts/language-en';
import { translations as es } from '@zxcvbn-ts/language-es-es';
import { translations as ja } from '@zxcvbn-ts/language-ja';
import {
  PASSWORD_MIN_SCORE,
  PASSWORD_STRENGTH_OPTIONS,
  personalWords,
  type Locale,
} from '@pictura/contract';

/**
 * The password-strength estimate of the sign-up and reset pages: zxcvbn with the same options and
 * dictionaries, the same personal words and the same minimum score as the server (apps/server
 * accounts/passwords.ts), so the hint says what the server will decide. This module is large
 * (dictionaries): only loaded lazily.
 */

export interface StrengthEstimate {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: 0 | 1 | 2 | 3 | 4;
  /** True when the server will accept it. */
  acceptable: boolean;
  warning: string | null;
  suggestions: string[];
}

// No translations given: zxcvbn then reports feedback as keys, translated below per language.
const zxcvbn = new ZxcvbnFactory({
  ...PASSWORD_STRENGTH_OPTIONS,
  dictionary: { ...commonDictionary, ...enDictionary },
  graphs: adjacencyGraphs,
});

const feedbackTexts: Record<Locale, TranslationKeys> = { en, es, ja };

export function estimateStrength(
  password: string,
  email: string,
  locale: Locale,
): StrengthEstimate {
  const { score, feedback } = zxcvbn.check(password, personalWords(email));
  const texts = feedbackTexts[locale];
  const warning = feedback.warning as keyof TranslationKeys['warnings'] | null;
  const suggestions = feedback.suggestions as Array<keyof TranslationKeys['suggestions']>;
  return {
    score,
    acceptable: score >= PASSWORD_MIN_SCORE,
    warning: warning ? texts.warnings[warning] : null,
    suggestions: suggestions.map((key) => texts.suggestions[key]),
  };
}
