/**
 * Words a prompt may not contain, from MODERATION_BLOCKLIST. An entry matches as
 * a whole word or phrase, in any letter case, so "nude" refuses "Nude portrait" but not "denuded".
 * Only the prompt is checked: the negative prompt names what the picture must not show.
 */
export const DEFAULT_MODERATION_BLOCKLIST = [
  'nsfw',
  'nude',
  'nudes',
  'nudity',
  'naked',
  'topless',
  'porn',
  'porno',
  'pornographic',
  'pornography',
  'hentai',
  'explicit sex',
  'sex act',
  'gore',
  'gory',
  'beheading',
  'decapitated',
  'dismembered',
  'mutilation',
  'swastika',
  'child abuse',
] as const;

export type PromptModerator = (prompt: string) => boolean;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A check answering true when the prompt may be painted. */
export function createModerator(blocklist: readonly string[]): PromptModerator {
  const entries = blocklist.map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) return () => true;
  // Letters and digits of any script count as part of a word; phrases match across any spacing.
  const alternatives = entries.map((entry) => entry.split(/\s+/).map(escapeRegExp).join('\\s+'));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`,
    'iu',
  );
  return (prompt) => !pattern.test(prompt.normalize('NFKC'));
}
