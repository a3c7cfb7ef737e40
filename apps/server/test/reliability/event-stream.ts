/** One server-sent event as Quire's /api/events writes it. */
export interface StreamedEvent {
  type: string;
  data: Record<string, unknown>;
}

export interface EventStream {
  /** Resolves with the first event, already received or still to come, that `match` accepts. */
  next(match: (event: StreamedEvent) => boolean, timeoutMs?: number): Promise<StreamedEvent>;
  close(): void;
}

/** Opens /api/events with a session cookie and keeps every event it receives. */
export async function openEventStream(baseUrl: string, cookie: string): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (!res.ok || !res.body) throw new Error(`event stream refused: ${res.status}`);
  const received: StreamedEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data) as Record<string, unknown> });
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    async next(match, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex(match);
        if (index >= 0) return received.splice(index, 1)[0]!;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, left);
          function done() {
            clearTimeout(timer);
            waiters.delete(done);
            resolve();
          }
          waiters.add(done);
        });
      }
    },
    close: () => abort.abort(),
  };
}
