// Local HTTP servers that speak the OpenAI Images API and the Stable Diffusion WebUI API, with
// scripted behaviours, so the image providers are tested over real sockets.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** What the next generation request gets; after the scripted ones, `success`. */
export type FakeImageBehaviour =
  | 'success'
  /** A picture whose every pixel is black (what a safety checker sends instead). */
  | 'black-image'
  | 'server-error'
  /** 429 with `Retry-After: 7`. */
  | 'rate-limited'
  | 'unauthorized'
  /** OpenAI: 400 `content_policy_violation`; SD WebUI: 400 with an NSFW `detail`. */
  | 'refused'
  /** OpenAI: 400 `moderation_blocked` (GPT image models); SD WebUI: as `refused`. */
  | 'moderation-blocked'
  /** Never answers; the client has to give up. */
  | 'slow'
  /** Streams a JSON answer of `oversizedBytes` without a Content-Length. */
  | 'oversized'
  | 'malformed-json'
  /** Valid JSON without the expected fields. */
  | 'wrong-shape'
  /** Valid base64 of something that is not a picture. */
  | 'not-an-image';

export interface RecordedRequest {
  method: string;
  /** With the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

export interface FakeImageApi {
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: readonly RecordedRequest[];
  /** Generation requests whose client hung up before the answer. */
  readonly hangUps: number;
  script(...behaviours: FakeImageBehaviour[]): void;
  close(): Promise<void>;
}

export interface FakeSdWebuiOptions {
  /**
   * How long a successful txt2img takes at least, so progress can be polled meanwhile. It also
   * lasts until progress was polled MIN_PROGRESS_POLLS times (at most 10 s more): on a busy machine
   * the client's polls come late, and a test of the progress it reports must still see some.
   */
  generationMs?: number;
  /** Which task the progress endpoint names as running: ours, none (null), or another caller's. */
  reportTask?: 'ours' | 'none' | 'other';
  oversizedBytes?: number;
}

interface Exchange {
  request: RecordedRequest;
  response: ServerResponse;
  behaviour: () => FakeImageBehaviour;
  onHangUp: () => void;
}

const json = (response: ServerResponse, status: number, body: unknown, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

/** A plain picture in a warm colour (or black), PNG-encoded as the WebUI and OpenAI send them. */
async function picture(width: number, height: number, black = false): Promise<string> {
  const background = black ? { r: 0, g: 0, b: 0 } : { r: 200, g: 120, b: 40 };
  const png = await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** Writes `{"<field>":["AAAA...` for `bytes` bytes in chunks, with no Content-Length. */
function streamOversized(response: ServerResponse, field: string, bytes: number): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write(`{"${field}":["`);
  const chunk = 'A'.repeat(64 * 1024);
  let sent = 0;
  const pump = () => {
    while (sent < bytes && !response.destroyed) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end('"]}');
  };
  pump();
}

async function startServer(
  handle: (exchange: Exchange) => Promise<void> | void,
): Promise<FakeImageApi> {
  const requests: RecordedRequest[] = [];
  const queue: FakeImageBehaviour[] = [];
  let hangUps = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(request);
      let counted = false;
      const exchange: Exchange = {
        request,
        response: res,
        behaviour: () => queue.shift() ?? 'success',
        onHangUp: () => {
          // 'close' also fires after a normal answer; only an unfinished one is a hang-up.
          res.once('close', () => {
            if (!res.writableFinished && !counted) {
              counted = true;
              hangUps += 1;
            }
          });
        },
      };
      Promise.resolve(handle(exchange)).catch((err: unknown) => {
        if (!res.headersSent) json(res, 599, { error: String(err) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get hangUps() {
      return hangUps;
    },
    script: (...behaviours) => void queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `POST /v1/images/generations` as OpenAI answers it. */
export function startFakeOpenAiImages(
  options: { oversizedBytes?: number } = {},
): Promise<FakeImageApi> {
  return startServer(async ({ request, response, behaviour, onHangUp }) => {
    if (request.method !== 'POST' || request.path !== '/v1/images/generations') {
      return json(response, 404, { error: { message: 'Not found', code: null } });
    }
    onHangUp();
    const size = String((request.body as { size?: unknown }).size ?? '1024x1024');
    const [width = 1024, height = 1024] = size.split('x').map(Number);
    const error = (status: number, code: string | null, message: string, headers = {}) =>
      json(response, status, { error: { message, type: 'invalid_request_error', code } }, headers);

    const scripted = behaviour();
    switch (scripted) {
      case 'success':
      case 'black-image': {
        const b64 = await picture(width, height, scripted === 'black-image');
        return json(response, 200, { created: 1, data: [{ b64_json: b64, revised_prompt: 'x' }] });
      }
      case 'server-error':
        return error(500, null, 'The server had an error while processing your request.');
      case 'rate-limited':
        return error(429, 'rate_limit_exceeded', 'Rate limit reached for images', {
          'retry-after': '7',
        });
      case 'unauthorized':
        return error(401, 'invalid_api_key', 'Incorrect API key provided.');
      case 'refused':
        return error(
          400,
          'content_policy_violation',
          'Your request was rejected as a result of our safety system.',
        );
      case 'moderation-blocked':
        return error(400, 'moderation_blocked', 'Your request was rejected by the safety system.');
      case 'slow':
        return; // The connection stays open until the client gives up.
      case 'oversized':
        return streamOversized(response, 'data', options.oversizedBytes ?? 2 * 1024 * 1024);
      case 'malformed-json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('{"data": [{"b64_json": "iVBOR');
      case 'wrong-shape':
        return json(response, 200, { created: 1, data: [] });
      case 'not-an-image':
        return json(response, 200, {
          data: [{ b64_json: Buffer.from('this is not a picture at all').toString('base64') }],
        });
    }
  });
}

const MIN_PROGRESS_POLLS = 3;

/** AUTOMATIC1111's `/sdapi/v1/txt2img`, `/progress` and `/interrupt`. */
export function startFakeSdWebui(options: FakeSdWebuiOptions = {}): Promise<FakeImageApi> {
  const generationMs = options.generationMs ?? 300;
  let job: { taskId: string; startedAt: number; polls: number } | undefined;

  return startServer(async ({ request, response, behaviour, onHangUp }) => {
    if (request.method === 'GET' && request.path.startsWith('/sdapi/v1/progress')) {
      const running = job !== undefined;
      if (job) job.polls += 1;
      const progress = job ? Math.min(0.99, (Date.now() - job.startedAt) / generationMs) : 0;
      const task = { ours: job?.taskId ?? null, none: null, other: 'task(someone-else)' }[
        options.reportTask ?? 'ours'
      ];
      return json(response, 200, {
        progress,
        eta_relative: running ? generationMs / 1000 : 0,
        state: { job_count: running ? 1 : 0, job_no: 0, sampling_step: 0, sampling_steps: 30 },
        current_image: null,
        textinfo: null,
        current_task: running ? task : null,
      });
    }
    if (request.method === 'POST' && request.path === '/sdapi/v1/interrupt') {
      job = undefined;
      return json(response, 200, {});
    }
    if (request.method !== 'POST' || request.path !== '/sdapi/v1/txt2img') {
      return json(response, 404, { detail: 'Not Found' });
    }
    onHangUp();
    const body = request.body as { width?: number; height?: number; force_task_id?: string };
    const fail = (status: number, detail: string, headers = {}) =>
      json(response, status, { error: 'HTTPException', detail, body: '', errors: '' }, headers);

    const scripted = behaviour();
    switch (scripted) {
      case 'success':
      case 'black-image': {
        job = { taskId: body.force_task_id ?? 'task(unnamed)', startedAt: Date.now(), polls: 0 };
        const started = job;
        await new Promise((resolve) => setTimeout(resolve, generationMs));
        const patience = Date.now() + 10_000;
        while (job === started && started.polls < MIN_PROGRESS_POLLS && Date.now() < patience) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        // An interrupt ends the job early, as the WebUI does (it then answers what it has).
        if (job === started) job = undefined;
        const b64 = await picture(
          body.width ?? 512,
          body.height ?? 512,
          scripted === 'black-image',
        );
        return json(response, 200, { images: [b64], parameters: body, info: '{}' });
      }
      case 'server-error':
        return json(response, 500, {
          error: 'OutOfMemoryError',
          detail: '',
          body: '',
          errors: 'CUDA out of memory.',
        });
      case 'rate-limited':
        return fail(429, 'Too many requests', { 'retry-after': '7' });
      case 'unauthorized':
        return fail(401, 'Incorrect username or password');
      case 'refused':
      case 'moderation-blocked':
        return fail(400, 'NSFW content detected; the image was not generated.');
      case 'slow':
        job = { taskId: body.force_task_id ?? 'task(unnamed)', startedAt: Date.now(), polls: 0 };
        return; // The connection stays open until the client gives up.
      case 'oversized':
        return streamOversized(response, 'images', options.oversizedBytes ?? 2 * 1024 * 1024);
      case 'malformed-json':
        response.writeHead(200, { 'content-type': 'application/json' });
        return void response.end('{"images": ["iVBOR');
      case 'wrong-shape':
        return json(response, 200, { images: 'not a list', parameters: {}, info: '{}' });
      case 'not-an-image':
        return json(response, 200, {
          images: [Buffer.from('this is not a picture at all').toString('base64')],
        });
    }
  });
}
