// Servers that misbehave on purpose, on 127.0.0.1: a black hole that takes connections and never
// speaks, and an HTTPS server whose every answer a test writes (stalls, huge headers, bombs).
import { once } from 'node:events';
import { createServer as createHttpsServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Pem } from './certs.ts';

export interface HostileServer {
  url: string;
  /** Resolves when the next connection (TCP) arrives. */
  nextConnection(): Promise<void>;
  close(): Promise<void>;
}

export interface HostileHttpsServer extends HostileServer {
  /** Resolves when the next request's headers have arrived. */
  nextRequest(): Promise<void>;
}

function tracked(server: Server): { url: string; nextConnection(): Promise<void>; close(): Promise<void> } {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nextConnection: async () => {
      await once(server, 'connection');
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}

/** Accepts TCP connections and never answers: no TLS handshake, no headers, nothing. */
export async function startBlackHole(): Promise<HostileServer> {
  const server = createTcpServer(() => {});
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return tracked(server);
}

export async function startHostileHttps(pem: Pem, answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<HostileHttpsServer> {
  const server = createHttpsServer({ cert: pem.certPem, key: pem.keyPem }, answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  // TLS sockets are tracked through their TCP connection; the request event comes later.
  return {
    ...tracked(server),
    nextRequest: async () => {
      await once(server, 'request');
    },
  };
}

/** `total` bytes of `byte`, made as they are read, so a gigabyte costs the server nothing it does not send. */
export function repeatedBytes(byte: string, total: number, chunkSize = 1024 * 1024): Readable {
  const chunk = Buffer.alloc(chunkSize, byte);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const size = Math.min(left, chunkSize);
      left -= size;
      this.push(size === chunkSize ? chunk : chunk.subarray(0, size));
    },
  });
}

/** An event-stream answer with `body` as its bytes, optionally gzip-encoded on the wire. */
export function eventStreamAnswer(body: () => Readable, encoding: 'identity' | 'gzip' = 'identity') {
  return (_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', ...(encoding === 'gzip' ? { 'content-encoding': 'gzip' } : {}) });
    response.flushHeaders();
    const ignore = () => {};
    if (encoding === 'gzip') pipeline(body(), createGzip({ level: 9 }), response, ignore);
    else pipeline(body(), response, ignore);
  };
}
