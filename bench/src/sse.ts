/**
 * The `data` of each server-sent event of a response body, in order, until the server ends the
 * stream. Comment lines (heartbeats) are skipped; an event's several `data:` lines are joined.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice('data:'.length).trimStart());
      buffer = buffer.slice(end + 2);
      if (data.length > 0) yield data.join('\n');
      end = buffer.indexOf('\n\n');
    }
  }
}
