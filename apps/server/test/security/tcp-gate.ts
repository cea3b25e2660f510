import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP forwarder on 127.0.0.1 that can stop passing bytes, as a frozen database server looks to its clients:
 * connections are accepted but nothing comes back. Resuming delivers everything held back.
 */
export interface TcpGate {
  port: number;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpGate(targetHost: string, targetPort: number): Promise<TcpGate> {
  let paused = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const whenOpen = (fn: () => void) => (paused ? waiting.push(fn) : fn());

  const server: Server = createServer((client) => {
    sockets.add(client);
    client.pause();
    whenOpen(() => {
      const upstream = createConnection(targetPort, targetHost);
      sockets.add(upstream);
      const forward = (from: Socket, to: Socket) => {
        from.on('data', (chunk) => whenOpen(() => to.write(chunk)));
        from.on('close', () => whenOpen(() => to.destroy()));
        from.on('error', () => to.destroy());
      };
      forward(client, upstream);
      forward(upstream, client);
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : 0,
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const fn of waiting.splice(0)) fn();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
