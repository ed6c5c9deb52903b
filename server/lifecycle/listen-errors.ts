import { createServer } from 'node:net';

const FIXES: Record<string, (port: number, host: string) => string> = {
  EADDRINUSE: (port) => `port ${port} is in use; set PORT`,
  EACCES: (port) => `port ${port} needs privileges (below 1024); set PORT to 1024 or above`,
  EADDRNOTAVAIL: (_port, host) => `HOST ${host} is not an address of this machine; set HOST`,
};

/** One line saying how to fix a listen error by configuration, instead of a fatal log with a stack; undefined for any other. */
export function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): string | undefined {
  return FIXES[error.code ?? '']?.(port, host);
}

/** Binds and releases the port before seconds of start-up work, so a taken port fails at once and alone. */
export async function probePort(port: number, host: string): Promise<string | undefined> {
  if (port === 0) return undefined;
  const probe = createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const problem = listenProblem(error, port, host);
      if (problem === undefined) reject(error);
      else resolve(problem);
    });
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
}
