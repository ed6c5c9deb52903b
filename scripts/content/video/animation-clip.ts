import { Quaternion } from 'three';

import { composePoster } from '../images/posters.ts';
import { allPoints, collectWorldMeshes } from '../images/rasterizer.ts';
import { createLayout, createPps, createSps, encodeIdr, encodeP } from './h264-pcm.ts';
import { createMp4, toSample } from './mp4.ts';

import type { Vec3 } from '../gltf/geometry.ts';
import type { NodeSpec, ProductSpec } from '../gltf/scene.ts';
import type { PosterOptions } from '../images/posters.ts';
import type { StreamLayout, YuvFrame } from './h264-pcm.ts';

/**
 * A short MP4 of a product's glTF animation, rendered like its poster: one loop of the
 * animation, fixed framing, so only the moving parts change between frames.
 */
export interface ClipOptions extends PosterOptions {
  width: number;
  height: number;
  framesPerSecond: number;
  /** Largest per-sample difference (0–255) a macroblock may drift before it is resent. */
  tolerance: number;
}

function rotationAt(times: number[], rotations: [number, number, number, number][], t: number): [number, number, number, number] {
  const next = Math.max(
    1,
    times.findIndex((time) => time >= t),
  );
  const [t0, t1] = [times[next - 1] ?? 0, times[next] ?? 1];
  const [a, b] = [new Quaternion(...(rotations[next - 1] ?? [0, 0, 0, 1])), new Quaternion(...(rotations[next] ?? [0, 0, 0, 1]))];
  const q = new Quaternion().slerpQuaternions(a, b, Math.min(1, Math.max(0, (t - t0) / (t1 - t0 || 1))));
  return [q.x, q.y, q.z, q.w];
}

/** The product posed at time `t` of its animation (glTF LINEAR rotation = slerp). */
export function poseAt(product: ProductSpec, t: number): ProductSpec {
  const channels = new Map((product.animation?.channels ?? []).map((channel) => [channel.node, channel]));
  const pose = (node: NodeSpec): NodeSpec => {
    const channel = channels.get(node.name);
    return { ...node, ...(channel ? { rotation: rotationAt(channel.times, channel.rotations, t) } : {}), children: node.children?.map(pose) ?? [] };
  };
  return { ...product, root: pose(product.root) };
}

/** BT.601 limited-range 4:2:0, the colour space decoders assume when a stream does not say. */
function toYuv(rgb: Buffer, layout: StreamLayout): YuvFrame {
  const [w, h] = [layout.widthMbs * 16, layout.heightMbs * 16];
  const frame: YuvFrame = { y: new Uint8Array(w * h), cb: new Uint8Array((w / 2) * (h / 2)), cr: new Uint8Array((w / 2) * (h / 2)) };
  const sample = (x: number, y: number, c: number) => (rgb[(Math.min(y, layout.height - 1) * layout.width + x) * 3 + c] ?? 0) / 255;
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) frame.y[y * w + x] = Math.round(16 + 65.481 * sample(x, y, 0) + 128.553 * sample(x, y, 1) + 24.966 * sample(x, y, 2));
  }
  for (let y = 0; y < h / 2; y += 1) {
    for (let x = 0; x < w / 2; x += 1) {
      const average = (c: number) =>
        (sample(2 * x, 2 * y, c) + sample(2 * x + 1, 2 * y, c) + sample(2 * x, 2 * y + 1, c) + sample(2 * x + 1, 2 * y + 1, c)) / 4;
      const [r, g, b] = [average(0), average(1), average(2)];
      frame.cb[y * (w / 2) + x] = Math.round(128 - 37.797 * r - 74.203 * g + 112 * b);
      frame.cr[y * (w / 2) + x] = Math.round(128 + 112 * r - 93.786 * g - 18.214 * b);
    }
  }
  return frame;
}

/** Macroblocks whose samples drifted more than `tolerance` from what the decoder currently shows; copies them into `shown`. */
function takeChanged(frame: YuvFrame, shown: YuvFrame, layout: StreamLayout, tolerance: number): Set<number> {
  const changed = new Set<number>();
  const lumaStride = layout.widthMbs * 16;
  const chromaStride = layout.widthMbs * 8;
  for (let mb = 0; mb < layout.widthMbs * layout.heightMbs; mb += 1) {
    const [mx, my] = [mb % layout.widthMbs, Math.floor(mb / layout.widthMbs)];
    const regions: [Uint8Array, Uint8Array, number, number, number][] = [
      [frame.y, shown.y, lumaStride, mx * 16, my * 16],
      [frame.cb, shown.cb, chromaStride, mx * 8, my * 8],
      [frame.cr, shown.cr, chromaStride, mx * 8, my * 8],
    ];
    const drifted = regions.some(([next, current, stride, x0, y0]) => {
      const size = next === frame.y ? 16 : 8;
      for (let y = y0; y < y0 + size; y += 1)
        for (let x = x0; x < x0 + size; x += 1) if (Math.abs((next[y * stride + x] ?? 0) - (current[y * stride + x] ?? 0)) > tolerance) return true;
      return false;
    });
    if (!drifted) continue;
    changed.add(mb);
    for (const [next, current, stride, x0, y0] of regions) {
      const size = next === frame.y ? 16 : 8;
      for (let y = y0; y < y0 + size; y += 1) current.set(next.subarray(y * stride + x0, y * stride + x0 + size), y * stride + x0);
    }
  }
  return changed;
}

export async function renderAnimationClip(product: ProductSpec, options: ClipOptions): Promise<Uint8Array> {
  const duration = Math.max(...(product.animation?.channels.flatMap((channel) => channel.times) ?? [1]));
  const frameCount = Math.round(duration * options.framesPerSecond);
  const poses = Array.from({ length: frameCount }, (_, i) => poseAt(product, (i / options.framesPerSecond) % duration));
  const framePoints: Vec3[] = poses.flatMap((pose) => allPoints(collectWorldMeshes(pose)));
  const layout = createLayout(options.width, options.height);
  const samples: Uint8Array[] = [];
  let shown: YuvFrame | undefined;
  for (const [index, pose] of poses.entries()) {
    const pipeline = await composePoster(pose, { ...options, framePoints }, options.width, options.height);
    const frame = toYuv(await pipeline.removeAlpha().raw().toBuffer(), layout);
    if (!shown) {
      shown = { y: frame.y.slice(), cb: frame.cb.slice(), cr: frame.cr.slice() };
      samples.push(toSample(encodeIdr(frame, layout)));
    } else {
      samples.push(toSample(encodeP(frame, layout, index, takeChanged(frame, shown, layout, options.tolerance))));
    }
  }
  return createMp4({
    width: options.width,
    height: options.height,
    samples,
    syncSamples: [0],
    sps: createSps(layout),
    pps: createPps(),
    framesPerSecond: options.framesPerSecond,
  });
}
