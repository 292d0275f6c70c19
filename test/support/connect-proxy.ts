// An HTTP CONNECT proxy on 127.0.0.1 that records every tunnel it opens. It can stand for a
// mandatory company proxy: host names only it can resolve (say `firewall.invalid`) reach the
// address `resolve` gives them, so a connection that bypasses it fails.
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** `host:port` of every tunnel asked for, in order. */
  tunnels: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(resolve: (host: string) => string = (host) => host): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<{ destroy(): void }>();
  const server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, clientSocket, head) => {
    tunnels.push(request.url ?? '');
    const [host = '', port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), resolve(host), () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    sockets.add(clientSocket).add(upstream);
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: async () => {
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await new Promise((closed) => server.close(closed));
    },
  };
}
