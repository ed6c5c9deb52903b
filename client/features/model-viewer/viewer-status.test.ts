import { describe, expect, it } from 'vitest';

import { createViewerStatus, getStatusMessage, viewerReducer } from './viewer-status.ts';

import type { ViewerAction, ViewerStatus } from './viewer-status.ts';

const run = (actions: ViewerAction[], start: ViewerStatus = createViewerStatus('/a.glb')) => actions.reduce(viewerReducer, start);

describe('viewerReducer', () => {
  it('starts idle and loads on activation', () => {
    const status = run([{ type: 'activate' }]);

    expect(status).toMatchObject({ state: 'loading', progress: 0, problem: null });
  });

  it('tracks byte progress, or null while the size is unknown', () => {
    expect(run([{ type: 'activate' }, { type: 'progress', src: '/a.glb', loaded: 50, total: 200 }]).progress).toBe(0.25);
    expect(run([{ type: 'activate' }, { type: 'progress', src: '/a.glb', loaded: 50, total: 0 }]).progress).toBeNull();
  });

  it('ignores progress and frames of another model', () => {
    const status = run([{ type: 'activate' }, { type: 'progress', src: '/old.glb', loaded: 1, total: 1 }, { type: 'ready', src: '/old.glb' }]);

    expect(status).toMatchObject({ state: 'loading', progress: 0 });
  });

  it('becomes ready on the first frame of the current model', () => {
    expect(run([{ type: 'activate' }, { type: 'ready', src: '/a.glb' }])).toMatchObject({ state: 'ready', progress: 1 });
  });

  it('reports a failed load and retries with a new attempt', () => {
    const failed = run([{ type: 'activate' }, { type: 'failed', problem: 'load-failed' }]);
    const retried = viewerReducer(failed, { type: 'retry' });

    expect(failed).toMatchObject({ state: 'error', problem: 'load-failed' });
    expect(retried).toMatchObject({ state: 'loading', problem: null, attempt: 1 });
  });

  it('goes from a lost context back to ready when a frame is drawn again', () => {
    const lost = run([{ type: 'activate' }, { type: 'ready', src: '/a.glb' }, { type: 'context-lost' }]);

    expect(lost).toMatchObject({ state: 'error', problem: 'context-lost' });
    expect(viewerReducer(lost, { type: 'ready', src: '/a.glb' })).toMatchObject({ state: 'ready', problem: null });
  });

  it('offers Retry when the context does not come back', () => {
    const status = run([{ type: 'activate' }, { type: 'context-lost' }, { type: 'context-unrecoverable' }]);

    expect(status.problem).toBe('context-unrecoverable');
    expect(getStatusMessage(status)?.canRetry).toBe(true);
  });

  it('reloads when the source changes after activation', () => {
    const ready = run([{ type: 'activate' }, { type: 'ready', src: '/a.glb' }]);

    expect(viewerReducer(ready, { type: 'source-changed', src: '/b.glb' })).toMatchObject({
      state: 'loading',
      src: '/b.glb',
      progress: 0,
    });
  });

  it('stays idle when the source changes before activation', () => {
    expect(run([{ type: 'source-changed', src: '/b.glb' }])).toMatchObject({ state: 'idle', src: '/b.glb' });
  });

  it('says what happens after the download: decoding, then preparing, until the first frame', () => {
    const loading = run([{ type: 'activate' }]);
    const decoding = viewerReducer(loading, { type: 'load-step', src: '/a.glb', step: { phase: 'decoding' } });
    const preparing = viewerReducer(decoding, { type: 'load-step', src: '/a.glb', step: { phase: 'preparing', missingImages: 0 } });

    expect(loading.phase).toBe('downloading');
    expect(decoding).toMatchObject({ state: 'loading', phase: 'decoding' });
    expect(preparing).toMatchObject({ state: 'loading', phase: 'preparing', notice: null });
    expect(viewerReducer(preparing, { type: 'ready', src: '/a.glb' })).toMatchObject({ state: 'ready', phase: null });
  });

  it('never moves a phase back, and ignores steps of another model or outside loading', () => {
    const preparing = run([{ type: 'activate' }, { type: 'load-step', src: '/a.glb', step: { phase: 'preparing', missingImages: 0 } }]);
    const ready = viewerReducer(preparing, { type: 'ready', src: '/a.glb' });

    expect(viewerReducer(preparing, { type: 'load-step', src: '/a.glb', step: { phase: 'decoding' } }).phase).toBe('preparing');
    expect(run([{ type: 'activate' }, { type: 'load-step', src: '/old.glb', step: { phase: 'decoding' } }]).phase).toBe('downloading');
    expect(viewerReducer(ready, { type: 'load-step', src: '/a.glb', step: { phase: 'decoding' } })).toBe(ready);
  });

  it('keeps a "missing textures" note past ready until it is dismissed; Retry and a new model clear it', () => {
    const shown = run([
      { type: 'activate' },
      { type: 'load-step', src: '/a.glb', step: { phase: 'preparing', missingImages: 2 } },
      { type: 'ready', src: '/a.glb' },
    ]);

    expect(shown).toMatchObject({ state: 'ready', notice: 'missing-textures' });
    expect(viewerReducer(shown, { type: 'dismiss-notice' }).notice).toBeNull();
    expect(viewerReducer(shown, { type: 'source-changed', src: '/b.glb' }).notice).toBeNull();
    const failedThenRetried = [{ type: 'failed', problem: 'crashed' }, { type: 'retry' }] satisfies ViewerAction[];
    expect(run(failedThenRetried, shown)).toMatchObject({ state: 'loading', notice: null, phase: 'downloading' });
  });

  it('keeps the no-WebGL state for good', () => {
    const status = run([{ type: 'no-webgl' }, { type: 'activate' }, { type: 'failed', problem: 'crashed' }]);

    expect(status.state).toBe('no-webgl');
  });
});

describe('getStatusMessage', () => {
  it('says nothing while loading or ready', () => {
    expect(getStatusMessage(run([{ type: 'activate' }]))).toBeNull();
  });

  it('explains the missing WebGL without offering a pointless retry', () => {
    expect(getStatusMessage(run([{ type: 'no-webgl' }]))).toEqual({ kind: 'no-webgl', canRetry: false });
  });

  it('offers Retry for a failed load but not while a lost context may still come back', () => {
    const loaded = run([{ type: 'activate' }, { type: 'ready', src: '/a.glb' }]);

    expect(getStatusMessage(viewerReducer(loaded, { type: 'failed', problem: 'load-failed' }))).toEqual({ kind: 'load-failed', canRetry: true });
    expect(getStatusMessage(viewerReducer(loaded, { type: 'context-lost' }))).toEqual({ kind: 'context-lost', canRetry: false });
  });
});
