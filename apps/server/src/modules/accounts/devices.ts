import Bowser from 'bowser';

/** User agents are the client's to write: only this much of one is kept. */
export const USER_AGENT_MAX_LENGTH = 512;

/**
 * What a user recognises a session by: its browser and operating system ("Firefox", "Windows"),
 * each null when the user agent is missing or unknown to the parser. The raw string is never shown.
 */
export function describeDevice(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const parser = Bowser.getParser(userAgent);
  return { browser: parser.getBrowserName() || null, os: parser.getOSName() || null };
}
