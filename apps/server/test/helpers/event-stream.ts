/** A minimal Server-Sent Events reader over fetch, for tests. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

export interface EventStreamReader {
  status: number;
  contentType: string;
  events: StreamEvent[];
  comments: string[];
  /** Resolves with the first event of this name not yet taken by an earlier `next`. */
  next(event: string, timeoutMs?: number): Promise<StreamEvent>;
  waitForComment(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const taken = new Set<StreamEvent>();
  let buffer = '';
  let resolveEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });

  const parse = (block: string) => {
    const event: StreamEvent = { event: 'message', data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) {
        event.event = line.slice(6).trim();
        isEvent = true;
      } else if (line.startsWith('data:')) {
        event.data += line.slice(5).trim();
        isEvent = true;
      } else if (line.startsWith('id:')) event.id = line.slice(3).trim();
    }
    if (isEvent) events.push(event);
  };

  if (response.ok && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let at = buffer.indexOf('\n\n');
          while (at >= 0) {
            parse(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
            at = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
      resolveEnded();
    })();
  } else {
    resolveEnded();
  }

  const waitFor = async <T>(find: () => T | undefined, what: string, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    events,
    comments,
    next: (name, timeoutMs = 5000) =>
      waitFor(
        () => {
          const found = events.find((e) => e.event === name && !taken.has(e));
          if (found) taken.add(found);
          return found;
        },
        `"${name}" event`,
        timeoutMs,
      ),
    waitForComment: async (text, timeoutMs = 5000) => {
      await waitFor(() => (comments.includes(text) ? true : undefined), `"${text}" comment`, timeoutMs);
    },
    ended,
    close: () => controller.abort(),
  };
}
