import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import { isFinalEvent, type GenerationEvent } from '@pictura/contract';
import type { JobEvents } from './job-events.js';

export interface EventStreamOptions {
  /** How often the job row is read (news from worker processes elsewhere arrives this way). */
  pollIntervalMs: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
}

export interface StreamLogger {
  error(details: object, message: string): void;
}

/**
 * Server-sent events of generation jobs: the job's state when the stream opens,
 * then each change, until it is done or failed. Changes come from this process's runner at once and
 * from the job row every `pollIntervalMs`.
 */
export function createEventStreams(
  events: JobEvents,
  options: EventStreamOptions,
  log: StreamLogger,
) {
  const open = new Set<() => void>();

  return {
    /**
     * Takes the reply over and streams. `read` gives the job's current event (undefined: gone);
     * `first` is what it gave just before, when the caller checked the job is the user's.
     */
    stream(
      reply: FastifyReply,
      jobId: string,
      first: GenerationEvent,
      read: () => Promise<GenerationEvent | undefined>,
    ): void {
      reply.hijack();
      const raw = reply.raw;
      const headers: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) headers[name] = value;
      }
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        // A person's progress, kept by no cache; no-transform keeps proxies from buffering it.
        'cache-control': 'private, no-store, no-transform',
        // nginx would otherwise buffer the stream and deliver it in lumps.
        'x-accel-buffering': 'no',
      });

      let ended = false;
      let lastData = '';
      let lastPercent = -1;
      let reading = false;
      let readAgain = false;

      const send = (event: GenerationEvent) => {
        if (ended) return;
        // The row's progress lags behind this process's news: never show the bar going back.
        if (event.type === 'running') {
          if (event.percent < lastPercent) return;
          lastPercent = event.percent;
        } else {
          lastPercent = -1;
        }
        const data = JSON.stringify(event);
        if (data === lastData) return;
        lastData = data;
        raw.write(`event: ${event.type}\ndata: ${data}\n\n`);
        if (isFinalEvent(event)) end();
      };

      const refresh = async () => {
        if (reading) {
          readAgain = true;
          return;
        }
        reading = true;
        try {
          do {
            readAgain = false;
            const event = await read();
            if (!event) end();
            else send(event);
          } while (readAgain && !ended);
        } catch (err) {
          log.error({ err, jobId }, 'progress stream could not read the job');
          end();
        } finally {
          reading = false;
        }
      };

      const unsubscribe = events.subscribe(jobId, (signal) => {
        if (signal.type === 'progress')
          send({ type: 'running', id: jobId, percent: signal.percent });
        else void refresh();
      });
      const poll = setInterval(() => void refresh(), options.pollIntervalMs);
      const heartbeat = setInterval(() => {
        if (!ended) raw.write(': keep-alive\n\n');
      }, options.heartbeatMs);

      function end() {
        if (ended) return;
        ended = true;
        clearInterval(poll);
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(end);
        raw.end();
      }
      open.add(end);
      // The client went away (or the response is over): stop reading for it.
      raw.on('close', end);
      send(first);
    },

    /** Ends every open stream, so that closing the server does not wait for them. */
    closeAll(): void {
      for (const end of [...open]) end();
    },
  };
}

export type EventStreams = ReturnType<typeof createEventStreams>;
