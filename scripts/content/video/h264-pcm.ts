import { BitWriter, toNalUnit } from './bit-writer.ts';

/**
 * A deliberately tiny H.264 Constrained Baseline encoder: the first picture is an IDR of
 * I_PCM macroblocks (raw samples), later pictures are P slices that skip unchanged
 * macroblocks and resend changed ones as I_PCM. No transform or motion search, so it is
 * only suitable for short clips where little of the frame moves; the output is a
 * standard stream every H.264 decoder plays.
 */
export interface YuvFrame {
  /** Luma, `widthMbs * 16` × `heightMbs * 16`. */
  y: Uint8Array;
  cb: Uint8Array;
  cr: Uint8Array;
}

export interface StreamLayout {
  width: number;
  height: number;
  widthMbs: number;
  heightMbs: number;
}

const PROFILE_BASELINE = 66;
const CONSTRAINED_BASELINE_FLAGS = 0xc0;
const LEVEL_3_0 = 30;
const LOG2_MAX_FRAME_NUM = 4;
const I_PCM = 25;
const P_SLICE_INTRA_OFFSET = 5;

export function createLayout(width: number, height: number): StreamLayout {
  if (width % 16 !== 0 || height % 2 !== 0) throw new Error('width must be a multiple of 16 and height even');
  return { width, height, widthMbs: width / 16, heightMbs: Math.ceil(height / 16) };
}

export function createSps(layout: StreamLayout): Uint8Array {
  const cropBottom = (layout.heightMbs * 16 - layout.height) / 2;
  const w = new BitWriter().bits(PROFILE_BASELINE, 8).bits(CONSTRAINED_BASELINE_FLAGS, 8).bits(LEVEL_3_0, 8);
  w.ue(0)
    .ue(LOG2_MAX_FRAME_NUM - 4)
    .ue(2)
    .ue(1)
    .bit(0);
  w.ue(layout.widthMbs - 1)
    .ue(layout.heightMbs - 1)
    .bit(1)
    .bit(1);
  w.bit(cropBottom > 0 ? 1 : 0);
  if (cropBottom > 0) w.ue(0).ue(0).ue(0).ue(cropBottom);
  w.bit(0);
  return toNalUnit(3, 7, w.trailing());
}

export function createPps(): Uint8Array {
  const w = new BitWriter().ue(0).ue(0).bit(0).bit(0).ue(0).ue(0).ue(0).bit(0).bits(0, 2).se(0).se(0).se(0);
  w.bit(1).bit(0).bit(0);
  return toNalUnit(3, 8, w.trailing());
}

function macroblockSamples(frame: YuvFrame, layout: StreamLayout, mbIndex: number): Uint8Array {
  const [mbx, mby] = [mbIndex % layout.widthMbs, Math.floor(mbIndex / layout.widthMbs)];
  const samples = new Uint8Array(384);
  const lumaStride = layout.widthMbs * 16;
  for (let row = 0; row < 16; row += 1)
    samples.set(frame.y.subarray((mby * 16 + row) * lumaStride + mbx * 16, (mby * 16 + row) * lumaStride + mbx * 16 + 16), row * 16);
  const chromaStride = layout.widthMbs * 8;
  for (const [plane, offset] of [
    [frame.cb, 256],
    [frame.cr, 320],
  ] as const) {
    for (let row = 0; row < 8; row += 1)
      samples.set(plane.subarray((mby * 8 + row) * chromaStride + mbx * 8, (mby * 8 + row) * chromaStride + mbx * 8 + 8), offset + row * 8);
  }
  // Early H.264 editions forbid zero-valued PCM samples; 1 is visually identical.
  for (let i = 0; i < samples.length; i += 1) if (samples[i] === 0) samples[i] = 1;
  return samples;
}

function sliceHeader(w: BitWriter, isIdr: boolean, frameNum: number): void {
  w.ue(0)
    .ue(isIdr ? 7 : 5)
    .ue(0)
    .bits(frameNum % (1 << LOG2_MAX_FRAME_NUM), LOG2_MAX_FRAME_NUM);
  if (isIdr) w.ue(0);
  else w.bit(0).bit(0);
  if (isIdr) w.bit(0).bit(0);
  else w.bit(0);
  w.se(0).ue(1);
}

function writePcm(w: BitWriter, mbType: number, samples: Uint8Array): void {
  w.ue(mbType).alignZero().bytesAligned(samples);
}

/** An IDR picture with every macroblock sent as I_PCM. */
export function encodeIdr(frame: YuvFrame, layout: StreamLayout): Uint8Array {
  const w = new BitWriter();
  sliceHeader(w, true, 0);
  for (let mb = 0; mb < layout.widthMbs * layout.heightMbs; mb += 1) writePcm(w, I_PCM, macroblockSamples(frame, layout, mb));
  return toNalUnit(3, 5, w.trailing());
}

/** A P picture: macroblocks not in `changed` are P_Skip (copied from the previous picture). */
export function encodeP(frame: YuvFrame, layout: StreamLayout, frameNum: number, changed: ReadonlySet<number>): Uint8Array {
  const w = new BitWriter();
  sliceHeader(w, false, frameNum);
  let skipRun = 0;
  for (let mb = 0; mb < layout.widthMbs * layout.heightMbs; mb += 1) {
    if (!changed.has(mb)) {
      skipRun += 1;
      continue;
    }
    w.ue(skipRun);
    skipRun = 0;
    writePcm(w, P_SLICE_INTRA_OFFSET + I_PCM, macroblockSamples(frame, layout, mb));
  }
  if (skipRun > 0) w.ue(skipRun);
  return toNalUnit(2, 1, w.trailing());
}
