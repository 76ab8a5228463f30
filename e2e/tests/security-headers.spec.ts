// Every HTML response carries the content security policy and nosniff, and the
// policy really stops a script injected into the running app (what an XSS would try).
import { paths, staticPaths } from '@pictura/contract';
import { expect, test } from './fixtures';

/** The sources a CSP directive allows, or null when the policy lacks it. */
function directive(policy: string, name: string): string[] | null {
  for (const part of policy.split(';')) {
    const [key, ...sources] = part.trim().split(/\s+/);
    if (key?.toLowerCase() === name) return sources;
  }
  return null;
}

// Every fixed route, one with a parameter, and a page that does not exist (the app's own 404).
const htmlPaths = [...staticPaths, paths.picture('no-such-picture'), '/no-such-page'];

test('every HTML page is served with a CSP that allows only own scripts, and nosniff', async ({
  request,
}) => {
  const seen = [];
  for (const path of htmlPaths) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    const headers = response.headers();
    const policy = headers['content-security-policy'] ?? '';
    // script-src falls back to default-src when a policy has none.
    const scripts = directive(policy, 'script-src') ?? directive(policy, 'default-src') ?? [];
    seen.push({
      path,
      html: (headers['content-type'] ?? '').startsWith('text/html'),
      ownScriptsOnly: scripts.includes("'self'") && !scripts.includes("'unsafe-inline'"),
      noEval: !scripts.includes("'unsafe-eval'"),
      nosniff: headers['x-content-type-options'],
    });
  }

  expect(seen).toEqual(
    htmlPaths.map((path) => ({
      path,
      html: true,
      ownScriptsOnly: true,
      noEval: true,
      nosniff: 'nosniff',
    })),
  );
});

test('an inline script injected into the app does not run, and the browser reports it', async ({
  page,
}) => {
  await page.goto(paths.gallery);
  await expect(page.getByRole('main')).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const violation = new Promise<string>((resolve) => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => resolve(event.effectiveDirective),
        { once: true },
      );
      setTimeout(() => resolve('none reported'), 2_000);
    });
    const script = document.createElement('script');
    script.textContent = 'window.__pwned = 1;';
    document.body.append(script);
    const directiveName = await violation;
    return { directiveName, pwned: (window as { __pwned?: number }).__pwned ?? null };
  });

  expect(outcome).toEqual({ directiveName: expect.stringMatching(/^script-src/), pwned: null });
});
