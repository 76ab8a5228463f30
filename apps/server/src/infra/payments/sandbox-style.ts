// The hosted pages' only styling, served at sandboxPaths.stylesheet.
export const SANDBOX_STYLESHEET = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
  background: #eef0f4; line-height: 1.5; }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 30rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 2rem;
  box-shadow: 0 1px 3px rgb(0 0 0 / 12%); }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
.sandbox-badge { display: inline-block; margin: 0 0 1rem; padding: 0.15rem 0.6rem; border-radius: 999px;
  background: #fff4d6; color: #6b4e00; font-size: 0.85rem; font-weight: 600; }
.summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; margin: 0 0 1.5rem; }
.summary dt { color: #57606a; }
.summary dd { margin: 0; overflow-wrap: anywhere; }
.amount { font-size: 1.25rem; font-weight: 700; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { width: 100%; font: inherit; font-size: 1.1rem; padding: 0.6rem 0.75rem; border: 1px solid #8c959f;
  border-radius: 8px; letter-spacing: 0.05em; }
input[aria-invalid="true"] { border-color: #cf222e; }
input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid #5b3cc4; outline-offset: 2px; }
button { font: inherit; font-weight: 600; padding: 0.65rem 1.25rem; border-radius: 8px; border: 0;
  background: #5b3cc4; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #cf222e; border: 1px solid #cf222e; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
.error { color: #cf222e; font-weight: 600; margin: 0.5rem 0; }
.test-cards { padding-left: 1.25rem; }
.test-cards code { font-size: 1rem; white-space: nowrap; }
.cancel { display: inline-block; margin-top: 1.5rem; color: #5b3cc4; }
`;
