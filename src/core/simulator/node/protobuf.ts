/**
 * The protobuf wire format, as far as TRON's transaction and block headers
 * need it: varints (int64, enums, bools) and length-delimited fields (bytes,
 * strings, nested messages), written in field-number order with proto3's
 * zero values left out, as protobuf-java writes them. txID is the SHA-256 of
 * exactly these bytes (raw_data_hex), so they must match a node's to the bit;
 * test/core/simulator/node/transactions.test.ts checks them against a
 * published java-tron reply and TronWeb's own encoder. Hand-written rather
 * than a protobuf package: four small messages, and the simulator ships in
 * the app.
 */

const WIRE_VARINT = 0;
const WIRE_LENGTH = 2;

function varint(value: bigint): number[] {
  // Negative int64s are written as their 64-bit two's complement (ten bytes).
  let v = value < 0n ? value + (1n << 64n) : value;
  const out: number[] = [];
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? byte | 0x80 : byte);
  } while (v > 0n);
  return out;
}

export class ProtoWriter {
  readonly #bytes: number[] = [];

  #key(field: number, wire: number): void {
    this.#bytes.push(...varint(BigInt((field << 3) | wire)));
  }

  /** int32, int64, enum; 0 is not written. */
  int(field: number, value: bigint | number): this {
    const v = BigInt(value);
    if (v !== 0n) {
      this.#key(field, WIRE_VARINT);
      this.#bytes.push(...varint(v));
    }
    return this;
  }

  bool(field: number, value: boolean): this {
    return this.int(field, value ? 1 : 0);
  }

  /** bytes; empty is not written. */
  bytes(field: number, value: Uint8Array): this {
    if (value.length > 0) {
      this.#key(field, WIRE_LENGTH);
      this.#bytes.push(...varint(BigInt(value.length)));
      for (const b of value) this.#bytes.push(b);
    }
    return this;
  }

  string(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, 'utf8'));
  }

  /** A nested message, written even when empty (it is set). */
  message(field: number, value: ProtoWriter): this {
    const inner = value.finish();
    this.#key(field, WIRE_LENGTH);
    this.#bytes.push(...varint(BigInt(inner.length)));
    for (const b of inner) this.#bytes.push(b);
    return this;
  }

  finish(): Buffer {
    return Buffer.from(this.#bytes);
  }
}
