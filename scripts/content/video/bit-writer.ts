/**
 * MSB-first bit writer with the Exp-Golomb codes of H.264 (ITU-T H.264 §9.1) and the
 * RBSP → NAL emulation prevention of §7.4.1.
 */
export class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(value: number): this {
    this.current = (this.current << 1) | (value & 1);
    this.count += 1;
    if (this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
    return this;
  }

  bits(value: number, width: number): this {
    for (let shift = width - 1; shift >= 0; shift -= 1) this.bit((value >>> shift) & 1);
    return this;
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(value: number): this {
    const coded = value + 1;
    const length = Math.floor(Math.log2(coded));
    return this.bits(0, length).bits(coded, length + 1);
  }

  /** se(v): signed Exp-Golomb. */
  se(value: number): this {
    return this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  get isAligned(): boolean {
    return this.count === 0;
  }

  alignZero(): this {
    while (this.count !== 0) this.bit(0);
    return this;
  }

  /** Whole bytes; only valid when aligned. */
  bytesAligned(values: Uint8Array): this {
    if (this.count !== 0) throw new Error('bytesAligned() needs byte alignment');
    for (const value of values) this.bytes.push(value);
    return this;
  }

  /** rbsp_trailing_bits(): a stop bit, then zeros to the byte boundary. */
  trailing(): Uint8Array {
    this.bit(1).alignZero();
    return Uint8Array.from(this.bytes);
  }
}

/** Wraps an RBSP into a NAL unit (header byte + emulation-prevented payload). */
export function toNalUnit(nalRefIdc: number, nalUnitType: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [(nalRefIdc << 5) | nalUnitType];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}
