// A TCP relay on loopback that holds every chunk `delayMs` each way, so that a TLS handshake and a
// request cost round trips as on a real network (bench/versions.mjs: the first call over https).
import net from 'node:net';

/** Relays to `target` (an http(s) origin); resolves to {url, close()} with the relay's origin as https://127.0.0.1:port. */
export async function delayProxy(target, delayMs) {
  const up = new URL(target);
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(up.port), up.hostname);
    for (const s of [client, upstream]) sockets.add(s.on('close', () => sockets.delete(s)));
    const relay = (from, to) =>
      from
        .on('data', (data) => setTimeout(() => to.destroyed || to.write(data), delayMs))
        .on('end', () => setTimeout(() => to.destroyed || to.end(), delayMs))
        .on('error', () => to.destroy());
    relay(client, upstream);
    relay(upstream, client);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}
