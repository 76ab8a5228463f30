import { afterAll, beforeAll } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from './smtp.js';

/**
 * A real SMTP server for the enclosing suite: started before its tests, closed after them. The
 * returned capture may be read only inside tests and hooks (it does not exist while Vitest collects
 * the suite).
 */
export function useSmtpCapture(): SmtpCapture {
  let capture: SmtpCapture | undefined;
  beforeAll(async () => {
    capture = await startSmtpCapture();
  });
  afterAll(async () => {
    await capture?.close();
  });
  const started = (): SmtpCapture => {
    if (!capture) throw new Error('the SMTP capture is read before its suite started');
    return capture;
  };
  return {
    get url() {
      return started().url;
    },
    get messages() {
      return started().messages;
    },
    nextMailTo: (to, timeoutMs, matching) => started().nextMailTo(to, timeoutMs, matching),
    close: () => started().close(),
    listen: () => started().listen(),
  };
}
