import { Router } from 'express';

/** `problems`: what a dependency found wrong, listed for operators (e.g. model files with errors: ready stays true). */
export type DependencyStatus = { mode: string; ready: boolean; detail?: string; problems?: { path: string; message: string }[] };
export type Readiness = () => Record<string, DependencyStatus>;

/** `/healthz`: 200 while the process serves (liveness). `/readyz`: 200 once every dependency is ready, else 503 naming what is not. */
export function createOpsRouter(readiness: Readiness, isShuttingDown: () => boolean = () => false): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => void res.setHeader('Cache-Control', 'no-store').json({ status: 'ok' }));
  router.get('/readyz', (_req, res) => {
    const dependencies = readiness();
    const notReady = Object.entries(dependencies).filter(([, dep]) => !dep.ready);
    const shuttingDown = isShuttingDown();
    const ready = notReady.length === 0 && !shuttingDown;
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not-ready',
      ...(ready ? {} : { reason: shuttingDown ? 'shutting down' : `waiting for ${notReady.map(([name]) => name).join(', ')}` }),
      dependencies,
    });
  });
  return router;
}
