// A TCP proxy on loopback to a local service (Redis, PostgreSQL) that a test stops (every connection cut) and starts
// again on the same port: a dependency going away and coming back, for real.
import { connect, createServer, type Server, type Socket } from 'node:net';

export function tcpProxy(targetPort: number) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  return {
    start: () =>
      new Promise<number>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = connect(targetPort, '127.0.0.1');
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as { port: number }).port;
          resolve(port);
        });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        const closing = server;
        server = null;
        if (closing) closing.close(() => resolve());
        else resolve();
      }),
  };
}

/** Whether something answers on a loopback port. */
export const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
  });
