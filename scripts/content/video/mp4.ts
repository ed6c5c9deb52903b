/**
 * A minimal ISO-BMFF (MP4) muxer for one H.264 video track: ftyp, moov (with avcC) before
 * mdat so playback can start before the download ends. Boxes per ISO/IEC 14496-12/-15.
 */
export interface Mp4Track {
  width: number;
  height: number;
  /** Length-prefixed NAL units per sample (AVC format, not Annex B). */
  samples: Uint8Array[];
  /** Indices of samples that are IDR pictures. */
  syncSamples: number[];
  sps: Uint8Array;
  pps: Uint8Array;
  framesPerSecond: number;
}

/** Divisible by every frame rate we use (5, 6, 8, 10, 12, 24, 25, 30). */
const TIMESCALE = 600;
const MATRIX = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];

function u16(value: number): number[] {
  return [(value >>> 8) & 0xff, value & 0xff];
}
function u32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

function box(type: string, ...payload: (number[] | Uint8Array)[]): Uint8Array {
  const size = 8 + payload.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  out.set([...u32(size), ...ascii(type)]);
  let offset = 8;
  for (const part of payload) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function fullBox(type: string, version: number, flags: number, ...payload: (number[] | Uint8Array)[]): Uint8Array {
  return box(type, [version, (flags >>> 16) & 0xff, (flags >>> 8) & 0xff, flags & 0xff], ...payload);
}

function sampleEntry(track: Mp4Track): Uint8Array {
  const avcC = box('avcC', [1, 66, 0xc0, 30, 0xff, 0xe1], u16(track.sps.length), track.sps, [1], u16(track.pps.length), track.pps);
  const compressorName = new Array<number>(32).fill(0);
  return box(
    'avc1',
    [0, 0, 0, 0, 0, 0, ...u16(1)],
    new Array<number>(16).fill(0),
    [...u16(track.width), ...u16(track.height), ...u32(0x00480000), ...u32(0x00480000), ...u32(0), ...u16(1)],
    compressorName,
    [...u16(0x0018), ...u16(0xffff)],
    avcC,
  );
}

function sampleTable(track: Mp4Track, chunkOffset: number): Uint8Array {
  const count = track.samples.length;
  const delta = TIMESCALE / track.framesPerSecond;
  return box(
    'stbl',
    fullBox('stsd', 0, 0, u32(1), sampleEntry(track)),
    fullBox('stts', 0, 0, u32(1), u32(count), u32(delta)),
    fullBox(
      'stss',
      0,
      0,
      u32(track.syncSamples.length),
      track.syncSamples.flatMap((index) => u32(index + 1)),
    ),
    fullBox('stsc', 0, 0, u32(1), u32(1), u32(count), u32(1)),
    fullBox(
      'stsz',
      0,
      0,
      u32(0),
      u32(count),
      track.samples.flatMap((sample) => u32(sample.length)),
    ),
    fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
  );
}

function movie(track: Mp4Track, chunkOffset: number): Uint8Array {
  const duration = (track.samples.length * TIMESCALE) / track.framesPerSecond;
  const matrix = MATRIX.flatMap(u32);
  const mvhd = fullBox(
    'mvhd',
    0,
    0,
    u32(0),
    u32(0),
    u32(TIMESCALE),
    u32(duration),
    u32(0x00010000),
    u16(0x0100),
    new Array<number>(10).fill(0),
    matrix,
    new Array<number>(24).fill(0),
    u32(2),
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    3,
    u32(0),
    u32(0),
    u32(1),
    u32(0),
    u32(duration),
    new Array<number>(8).fill(0),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    matrix,
    u32(track.width << 16),
    u32(track.height << 16),
  );
  const mdhd = fullBox('mdhd', 0, 0, u32(0), u32(0), u32(TIMESCALE), u32(duration), u16(0x55c4), u16(0));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), ascii('vide'), new Array<number>(12).fill(0), [...ascii('VideoHandler'), 0]);
  const minf = box(
    'minf',
    fullBox('vmhd', 0, 1, u16(0), u16(0), u16(0), u16(0)),
    box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
    sampleTable(track, chunkOffset),
  );
  return box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
}

export function createMp4(track: Mp4Track): Uint8Array {
  const ftyp = box('ftyp', ascii('isom'), u32(512), ascii('isomiso2avc1mp41'));
  const moovSize = movie(track, 0).length;
  const moov = movie(track, ftyp.length + moovSize + 8);
  const mdat = box('mdat', ...track.samples);
  const out = new Uint8Array(ftyp.length + moov.length + mdat.length);
  out.set(ftyp, 0);
  out.set(moov, ftyp.length);
  out.set(mdat, ftyp.length + moov.length);
  return out;
}

/** AVC sample: each NAL unit prefixed by its 4-byte length. */
export function toSample(...nalUnits: Uint8Array[]): Uint8Array {
  return Uint8Array.from(nalUnits.flatMap((nal) => [...u32(nal.length), ...nal]));
}
