// The shop as a phone reaches it in production: through a load balancer or CDN that terminates TLS
// and speaks HTTP/2 to the browser (docs/operations.md), here a throwaway certificate and Node's
// HTTP/2 server passing each request on to the shop's HTTP/1.1 port unchanged. Lighthouse's network
// model depends on the protocol: over HTTP/1.1 every request that starts while the others are under
// way opens a new TCP connection and pays its handshake, over HTTP/2 they share the page's one.
import { once } from 'node:events';
import { request as httpRequest, Agent, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { generate } from 'selfsigned';

/** Headers that describe one hop's connection; HTTP/2 forbids them, and they never pass a proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export interface TlsFront {
  /** e.g. https://127.0.0.1:41235 */
  readonly origin: string;
  close(): Promise<void>;
}

function passOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );
}

/**
 * Listens with TLS (HTTP/2, and HTTP/1.1 for clients without it) on `port` and passes every request
 * on to `upstream` (an http:// origin). The certificate is made for this run; the browser must be
 * told to accept it (`--ignore-certificate-errors`).
 */
export async function startTlsFront(upstream: string, port: number): Promise<TlsFront> {
  const { private: key, cert } = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
  });
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true });
  const forward = (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const headers = passOn(req.headers);
    headers.host = req.headers[':authority'] ?? req.headers.host;
    const onward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passOn(answer.headers));
        answer.pipe(res);
      },
    );
    onward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(onward);
  };
  const server = createSecureServer({ key, cert, allowHTTP1: true }, forward);
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return {
    origin: `https://127.0.0.1:${port}`,
    // Called once the browser is gone: close() waits for its sessions to end.
    close: async () => {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
