import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stop relaying (as a server frozen by SIGSTOP, or a network that drops
 * everything): connections stay open and nothing answers.
 */
export async function frozenProxy(target: URL): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (d) => !frozen && upstream.write(d));
    upstream.on('data', (d) => !frozen && client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(typeof addr === 'object' && addr ? addr.port : 0);
  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
