import Bowser from 'bowser';

/** User agents are the client's to write: only this much of one is kept. */
export const USER_AGENT_MAX_LENGTH = 512;

export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * What a user recognises a session by: "Firefox on Windows", "Safari on iOS". A client that sends
 * no user agent, or one the parser does not know, is an "Unknown device"; the raw string is never
 * shown.
 */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || UNKNOWN_DEVICE;
}
