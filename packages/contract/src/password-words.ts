/**
 * Words of the user's own that make a password guessable: the email, its local part and the pieces
 * of it, and names when known. The server refuses a password by them and the sign-up form's hint
 * warns by the same words, so both sides take them from here. Zod-free: the hint runs in the page.
 */
export function personalWords(email: string, ...names: (string | null)[]): string[] {
  const localPart = email.split('@', 1)[0] ?? '';
  const words = [email, localPart, ...localPart.split(/[^\p{L}\p{N}]+/u), ...names];
  return words.filter((word): word is string => typeof word === 'string' && word.length >= 3);
}
