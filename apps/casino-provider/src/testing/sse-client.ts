import { get, type ClientRequest, type IncomingHttpHeaders } from 'node:http';

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * A server-sent events reader for tests and the bench, as a browser's EventSource reads a stream:
 * frames split on a blank line, `event:`, `id:`, `data:` and `retry:` fields, `:` comments.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  retry?: number;
  closed = false;
  private buffer = '';
  private constructor(
    private readonly req: ClientRequest,
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
  ) {}

  /** Opens the stream; resolves with the answer's status and headers (the body keeps coming). */
  static open(url: string, onEvent?: (e: SseEvent, client: SseClient) => void): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
        const client = new SseClient(req, res.statusCode ?? 0, res.headers);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.feed(chunk, onEvent));
        res.on('close', () => (client.closed = true));
        resolve(client);
      });
      req.on('error', reject);
    });
  }

  /** The `table` / `mine` payloads received, parsed. */
  data<T>(event: string): T[] {
    return this.events.filter((e) => e.event === event).map((e) => JSON.parse(e.data) as T);
  }

  close(): void {
    this.req.destroy();
  }

  private feed(chunk: string, onEvent?: (e: SseEvent, client: SseClient) => void): void {
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const e: SseEvent = { event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('retry: ')) this.retry = Number(line.slice(7));
        else if (line.startsWith('event: ')) e.event = line.slice(7);
        else if (line.startsWith('id: ')) e.id = line.slice(4);
        else if (line.startsWith('data: ')) {
          e.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (!hasData) continue;
      this.events.push(e);
      onEvent?.(e, this);
    }
  }
}
