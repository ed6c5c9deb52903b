// Plain http on the same port gets a 301. Clients trust the throwaway CA through NODE_EXTRA_CA_CERTS (`caFile`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { AddressInfo, Socket } from 'node:net';

function createCertificates(dir: string): { key: Buffer; cert: Buffer; caFile: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=Vitrine audit CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', 'site.key', '-out', 'site.csr');
  writeFileSync(join(dir, 'site.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', 'site.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2', '-extfile', 'site.ext', '-out', 'site.pem');
  return { key: readFileSync(join(dir, 'site.key')), cert: readFileSync(join(dir, 'site.pem')), caFile: join(dir, 'ca.pem') };
}

export async function startTlsTerminator(target: string) {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-tls-'));
  const { key, cert, caFile } = createCertificates(dir);
  const upstream = new URL(target);
  let origin = '';

  const https = createHttpsServer({ key, cert }, (req, res) => {
    const headers = { ...req.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' };
    const proxied = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    proxied.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(proxied);
  });
  const http = createHttpServer((req, res) => {
    res.writeHead(301, { Location: `${origin}${req.url ?? '/'}` }).end();
  });
  // A TLS ClientHello starts with 0x16; anything else is plain http.
  const front = createNetServer((socket: Socket) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === 0x16 ? https : http).emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const { port } = front.address() as AddressInfo;
  origin = `https://localhost:${port}`;

  return {
    url: origin,
    host: `localhost:${port}`,
    caFile,
    async close() {
      https.closeAllConnections();
      http.closeAllConnections();
      await new Promise<void>((done) => front.close(() => done()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
