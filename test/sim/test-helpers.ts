// Helpers for the simulator tests: an HTTPS client that trusts a given CA, a webhook receiver,
// and an SSE splitter. Nothing here is mocked; every call crosses a real TLS connection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';

// Tests walk parsed JSON freely; a failed walk fails the test, which is what we want.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function trustingAgent(ca: string | string[]): Agent {
  return new Agent({ connect: { ca } });
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string | Buffer;
}

export interface CallResult {
  status: number;
  headers: Dispatcher.ResponseData['headers'];
  text: string;
  json: Json;
}

export async function call(agent: Agent, url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = { ...options.headers };
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const answer = await request(url, { method: (options.method ?? 'GET') as 'GET', headers, body, dispatcher: agent });
  const text = await answer.body.text();
  let json: Json;
  try {
    json = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: answer.statusCode, headers: answer.headers, text, json };
}

export interface SseEvent {
  event: string | undefined;
  data: string;
}

export function parseSse(text: string): SseEvent[] {
  return text.split('\n\n').filter((block) => block.trim().length > 0).map((block) => {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '))?.slice('event: '.length);
    const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice('data: '.length)).join('\n');
    return { event, data };
  });
}

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
  time: number;
}

export interface Receiver {
  url: string;
  hits: ReceivedHook[];
  // Statuses to answer with, one per request, before falling back to 200.
  statuses: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hits: ReceivedHook[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), time: Date.now() });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hits,
    statuses,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
