import { Router } from 'express';

type Problem = { path: string; message: string };
/** `warnings` degrade a dependency without stopping it; a not-ready one with `problems` gives /readyz its headline (`detail`) and list. */
export type DependencyStatus = { mode: string; ready: boolean; detail?: string; problems?: Problem[]; warnings?: Problem[] };
export type Readiness = () => Record<string, DependencyStatus>;

/** `/readyz` answers 503 naming what is not ready. */
export function createOpsRouter(readiness: Readiness, isShuttingDown: () => boolean = () => false): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => void res.setHeader('Cache-Control', 'no-store').json({ status: 'ok' }));
  router.get('/readyz', (_req, res) => {
    const dependencies = readiness();
    const notReady = Object.entries(dependencies).filter(([, dep]) => !dep.ready);
    const shuttingDown = isShuttingDown();
    const ready = notReady.length === 0 && !shuttingDown;
    const blocking = notReady.map(([, dep]) => dep).filter((dep) => dep.problems?.length);
    const problems = blocking.flatMap((dep) => dep.problems ?? []);
    const warnings = Object.values(dependencies).flatMap((dep) => dep.warnings ?? []);
    const waiting = blocking[0]?.detail ?? `waiting for ${notReady.map(([name]) => name).join(', ')}`;
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not-ready',
      ...(ready ? {} : { reason: shuttingDown ? 'shutting down' : waiting }),
      ...(problems.length > 0 ? { problems } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
      dependencies,
    });
  });
  return router;
}
