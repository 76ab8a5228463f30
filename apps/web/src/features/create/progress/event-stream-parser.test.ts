import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ServerSentEvent } from './event-stream-parser';

function parse(chunks: readonly string[]): ServerSentEvent[] {
  const events: ServerSentEvent[] = [];
  const parser = createEventStreamParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

describe('createEventStreamParser', () => {
  it('reads named events separated by blank lines, as the progress stream sends them', () => {
    expect(
      parse(['event: queued\ndata: {"position":2}\n\nevent: running\ndata: {"percent":40}\n\n']),
    ).toEqual([
      { event: 'queued', data: '{"position":2}' },
      { event: 'running', data: '{"percent":40}' },
    ]);
  });

  it('joins events split anywhere across chunks, CRLF and CR line ends included', () => {
    const text = 'event: running\r\ndata: {"percent":7}\r\n\r\nevent: done\rdata: x\r\r';
    const oneByOne = [...text];
    expect(parse(oneByOne)).toEqual([
      { event: 'running', data: '{"percent":7}' },
      { event: 'done', data: 'x' },
    ]);
    expect(parse(['event: running\r', '\ndata: 1\r', '\n\r', '\n'])).toEqual([
      { event: 'running', data: '1' },
    ]);
  });

  it('skips heartbeat comments, joins data lines, and names an unnamed event "message"', () => {
    expect(parse([': keep-alive\n\n', 'data: a\ndata:b\n', ': note\n\n'])).toEqual([
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('drops an event cut off by the end of the stream and one without data', () => {
    expect(parse(['event: running\n\n', 'event: done\ndata: {"half":'])).toEqual([]);
  });
});
