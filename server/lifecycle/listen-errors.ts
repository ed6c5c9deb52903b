import { createServer } from 'node:net';

// A port that cannot be had is the operator's to fix: one line that says how, instead of a fatal log with a stack.

/** The line for a listen error the operator can fix by configuration; undefined for any other error. */
export function listenProblem(error: NodeJS.ErrnoException, port: number, host: string): string | undefined {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use; set PORT`;
    case 'EACCES':
      return `port ${port} needs privileges (below 1024); set PORT to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine; set HOST`;
    default:
      return undefined;
  }
}

/**
 * Binds and releases the port before seconds of start-up work, so a taken port fails at once and alone.
 * Port 0 (any free port) cannot be taken; the real listen() still reports a port lost in between.
 */
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
