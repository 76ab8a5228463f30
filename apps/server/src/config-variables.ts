// The environment variables the server reads, as people read them: the README's configuration table
// mirrors this list and config.ts validates exactly these names (config.test.ts keeps all three in step).

interface ConfigVariable {
  readonly name: string;
  /** The default as a person reads it (README configuration table). */
  readonly default: string;
  readonly description: string;
}

/** Every environment variable the server reads. Each has a default so that `npm start` needs none. */
export const CONFIG_VARIABLES = [
  {
    name: 'NODE_ENV',
    default: 'development',
    description: '`development`, `production` or `test`.',
  },
  { name: 'PORT', default: '3000', description: 'HTTP port the server listens on.' },
  { name: 'HOST', default: '0.0.0.0', description: 'Network interface the server listens on.' },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'pino log level: fatal, error, warn, info, debug, trace or silent.',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description:
      'Folder for local data; the embedded database lives in DATA_DIR/db. Relative to the working directory.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description:
      'PostgreSQL URL (postgres://...). When unset, the embedded PGlite database in DATA_DIR/db is used.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description:
      'Redis URL (redis://...) for rate-limit counters shared by several API processes. When unset, counters are kept in memory.',
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Folder of the built web app served when SERVE_WEB is on.',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description:
      'Address users reach the shop at, used for absolute links (mails, payment redirects).',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description:
      'Which X-Forwarded-For entries to believe: false, the number of proxies in front (e.g. 1), or their addresses and CIDRs (e.g. 10.0.0.0/8); true is refused.',
  },
  {
    name: 'RATE_LIMIT_MAX',
    default: '600',
    description:
      'Requests per minute per client IP across /api (stricter limits apply to some routes).',
  },
  {
    name: 'SERVE_WEB',
    default: 'true in production, otherwise false',
    description: 'Serve the built web app from WEB_DIST_DIR next to the API.',
  },
  {
    name: 'DEMO_CATALOG',
    default: 'true',
    description:
      'At start, give an empty database the demo catalog: 8 categories and about 100 offers with generated pictures.',
  },
  {
    name: 'JWT_SECRET',
    default: 'generated once into DATA_DIR/jwt-secret',
    description:
      'Secret (at least 32 characters) that signs access tokens, reset codes and links, and wraps the data key (which encrypts TOTP secrets, recovery codes and gift-card codes); set the same value on every API and worker process.',
  },
  {
    name: 'JWT_SECRET_PREVIOUS',
    default: '(unset)',
    description:
      'Earlier JWT_SECRET values, separated by commas, still accepted while a new JWT_SECRET is rolled out (docs/operations.md, key rotation).',
  },
  {
    name: 'ACCESS_TOKEN_TTL_SECONDS',
    default: '900',
    description: 'Lifetime of an access token (JWT) in seconds.',
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'SMTP server for mail (smtp://user:pass@host:587 or smtps://...). When unset, mails are written as .eml files to DATA_DIR/outbox.',
  },
  {
    name: 'MAIL_FROM',
    default: 'Pictura <no-reply@PUBLIC_URL host>',
    description: 'Sender address of the mails.',
  },
  {
    name: 'AUTH_RATE_LIMIT_IP_MAX',
    default: '10',
    description:
      'Requests per minute per client IP to each of login, register, forgot-password, reset-password, change-password, verify-email, resend-verification and change-email.',
  },
  {
    name: 'AUTH_RATE_LIMIT_EMAIL_MAX',
    default: '10',
    description:
      'Requests per 15 minutes per email address to each of login, register, forgot-password and reset-password.',
  },
  {
    name: 'S3_BUCKET',
    default: '(unset)',
    description:
      'Bucket of an S3-compatible object storage for pictures (originals and previews), shared by every API and worker process. When unset, files are kept in DATA_DIR/files.',
  },
  {
    name: 'S3_ENDPOINT',
    default: '(unset: AWS S3)',
    description:
      'Origin of an S3-compatible service (MinIO, Ceph, Cloudflare R2, ...), e.g. http://minio.internal:9000.',
  },
  {
    name: 'S3_REGION',
    default: 'us-east-1',
    description: 'Region of the bucket (S3-compatible services mostly accept any).',
  },
  {
    name: 'S3_ACCESS_KEY_ID',
    default: "(unset: the AWS SDK's default credentials)",
    description:
      "Access key of the bucket, with S3_SECRET_ACCESS_KEY; when both are unset, the AWS SDK's default chain applies (AWS_* variables, shared config files, the machine's role).",
  },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    default: '(unset)',
    description: 'Secret key going with S3_ACCESS_KEY_ID.',
  },
  {
    name: 'S3_FORCE_PATH_STYLE',
    default: 'true with S3_ENDPOINT, otherwise false',
    description:
      'Address objects as ENDPOINT/BUCKET/KEY rather than BUCKET.ENDPOINT/KEY, as most S3-compatible services want.',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'sandbox',
    description:
      '`sandbox` (the built-in hosted test payment page) or `stripe` (Stripe Checkout; needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).',
  },
  {
    name: 'ALLOW_SANDBOX_PAYMENTS',
    default: 'false (`true` under `npm start` and the e2e tests)',
    description:
      'With NODE_ENV=production the server refuses to start on the sandbox provider (it takes no money: every order would be given away) unless this is true; then every page shows a "test shop" ribbon.',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset)',
    description: 'Stripe secret API key (sk_live_... or sk_test_...).',
  },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(unset)',
    description:
      'Signing secret (whsec_...) of the Stripe webhook endpoint PUBLIC_URL/api/payments/webhook/stripe.',
  },
  {
    name: 'STRIPE_API_URL',
    default: 'https://api.stripe.com',
    description: 'Stripe API address; tests point it at a local stand-in.',
  },
  {
    name: 'SUPPORT_EMAIL',
    default: 'support@PUBLIC_URL host',
    description: 'Address that receives a notification of every support ticket.',
  },
  {
    name: 'SHOP_LEGAL_NAME',
    default: 'Pictura Demo S.L.',
    description: 'Legal name of the seller, printed on every receipt.',
  },
  {
    name: 'SHOP_ADDRESS',
    default: 'Calle de la Demostración 1, 28001 Madrid, Spain',
    description: 'Postal address of the seller, printed on every receipt.',
  },
  {
    name: 'SHOP_VAT_NUMBER',
    default: 'ESX0000000X',
    description:
      "VAT identification number of the seller, printed on every receipt; its country prefix is the shop's member state, whose VAT rate applies to image generation by a user without a billing country.",
  },
  {
    name: 'RECORD_RETENTION_YEARS',
    default: '10',
    description:
      "Years after the end of a sale's year that a deleted account's receipts and order billing addresses are kept (tax law); then a scheduled job erases them.",
  },
  {
    name: 'IMAGE_PROVIDER',
    default: 'procedural',
    description:
      '`procedural` (the built-in offline demo generator), `openai` (an OpenAI-compatible Images API) or `sd-webui` (Stable Diffusion WebUI started with --api).',
  },
  {
    name: 'IMAGE_API_URL',
    default: 'https://api.openai.com (openai), http://127.0.0.1:7860 (sd-webui)',
    description:
      'Origin of the image API, without /v1: Pictura posts to /v1/images/generations (openai) or /sdapi/v1/txt2img (sd-webui).',
  },
  {
    name: 'IMAGE_API_KEY',
    default: '(unset)',
    description:
      'openai: the API key, sent as a Bearer token (required for api.openai.com). sd-webui: user:password of its --api-auth.',
  },
  {
    name: 'IMAGE_API_MODEL',
    default: 'gpt-image-1',
    description: 'Model asked for from the OpenAI-compatible API (e.g. gpt-image-1, dall-e-3).',
  },
  {
    name: 'IMAGE_API_TIMEOUT_SECONDS',
    default: '120',
    description:
      'How long one generation may take at the image API before it counts as failed (retried later).',
  },
  {
    name: 'WORKER',
    default: '1',
    description:
      'Run the job workers (image generation) in this process: 1, or 0 for an API process when `npm run worker` runs them separately.',
  },
  {
    name: 'GENERATION_CONCURRENCY',
    default: '1',
    description: 'Image generations one worker process runs at the same time.',
  },
  {
    name: 'GENERATION_RATE_LIMIT_MAX',
    default: '10',
    description: 'Image generation requests per minute per client IP (429 beyond).',
  },
  {
    name: 'METRICS_PORT',
    default: '(unset)',
    description:
      'Port of the Prometheus metrics endpoint (/metrics) of this process; unset: no metrics endpoint.',
  },
  {
    name: 'METRICS_HOST',
    default: '127.0.0.1',
    description:
      'Address the metrics endpoint listens on (loopback unless a scraper elsewhere needs it).',
  },
  {
    name: 'MODERATION_BLOCKLIST',
    default: 'a built-in list of about 20 words',
    description:
      'Comma-separated words and phrases a generation prompt may not contain (whole words, any case); `none` turns the check off.',
  },
  {
    name: 'C2PA_CERT_CHAIN',
    default: '(unset: a demo CA in DATA_DIR/c2pa)',
    description:
      'PEM file of the certificate that signs C2PA manifests, then the CAs that issued it, from a CA on the C2PA trust list (readers then show the shop as a known signer). With C2PA_KEY.',
  },
  {
    name: 'C2PA_KEY',
    default: '(unset)',
    description: "PEM file (PKCS #8) of the P-256 private key of C2PA_CERT_CHAIN's certificate.",
  },
  {
    name: 'C2PA_TSA_URL',
    default: '(unset: no time stamp)',
    description:
      'RFC 3161 time stamp authority that stamps each C2PA signature, so it stays valid after the certificate expires.',
  },
] as const satisfies readonly ConfigVariable[];
