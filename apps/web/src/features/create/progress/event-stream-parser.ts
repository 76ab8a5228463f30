/** One dispatched server-sent event: its `event:` name ("message" when none) and its data. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental parser of `text/event-stream` (the WHATWG HTML "event stream interpretation"):
 * text arrives in chunks that may split a line anywhere, even between CR and LF. Lines are
 * `field: value`; `data` lines join with LF; a line starting with `:` is a comment (the server's
 * heartbeat); a blank line dispatches the event, which is dropped when it has no data.
 */
export function createEventStreamParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let eventName = '';
  let dataLines: string[] = [];

  const dispatch = () => {
    if (dataLines.length > 0)
      onEvent({ event: eventName || 'message', data: dataLines.join('\n') });
    eventName = '';
    dataLines = [];
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') dataLines.push(value);
    // `id` and `retry` only matter to EventSource's own reconnection, which is not used here.
  };

  return {
    /** Feeds decoded text; complete lines are processed, the rest waits for the next chunk. */
    push(text: string): void {
      buffer += text;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end === -1) return;
        // A CR at the very end may be the first half of CRLF: wait for the next chunk.
        if (buffer[end] === '\r' && end === buffer.length - 1) return;
        const next = buffer[end] === '\r' && buffer[end + 1] === '\n' ? end + 2 : end + 1;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(next);
        processLine(line);
      }
    },
    /** The stream ended: an incomplete event at the end is discarded, as the standard says. */
    end(): void {
      if (buffer.endsWith('\r')) processLine(buffer.slice(0, -1));
      buffer = '';
      eventName = '';
      dataLines = [];
    },
  };
}
