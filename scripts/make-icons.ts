/**
 * Draws Energy Tray's icons (a lightning bolt in a rounded badge) and writes them
 * to resources/. Generated once and committed; rerun after changing the design:
 *   node scripts/make-icons.ts
 * Pure Node (zlib for PNG deflate) so it needs no image tool on the machine.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];

const BOLT: ReadonlyArray<readonly [number, number]> = [
  [0.58, 0.1], [0.26, 0.56], [0.47, 0.56], [0.4, 0.9], [0.74, 0.42], [0.53, 0.42], [0.62, 0.1],
];

function insidePolygon(x: number, y: number, poly: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** RGBA pixels; `badge` null draws the bolt alone (macOS template images are alpha masks). */
function draw(size: number, badge: Rgb | null, bolt: Rgb, dot: Rgb | null): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const ss = 4; // supersampling for smooth edges at 16 px
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const u = (x + (sx + 0.5) / ss) / size;
          const v = (y + (sy + 0.5) / ss) / size;
          let c: Rgb | null = null;
          const inBadge = (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.47 ** 2;
          if (badge && inBadge) c = badge;
          if (insidePolygon(u, v, BOLT)) c = bolt;
          if (dot && (u - 0.8) ** 2 + (v - 0.8) ** 2 <= 0.19 ** 2) c = dot;
          if (c) { r += c[0]; g += c[1]; b += c[2]; a += 255; }
        }
      }
      const n = ss * ss;
      const covered = a / 255;
      const o = (y * size + x) * 4;
      px[o] = covered ? Math.round(r / covered) : 0;
      px[o + 1] = covered ? Math.round(g / covered) : 0;
      px[o + 2] = covered ? Math.round(b / covered) : 0;
      px[o + 3] = Math.round(a / n);
    }
  }
  return px;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** A Windows .ico holding PNG-compressed images (supported since Vista). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const head = Buffer.alloc(6 + 16 * images.length);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(images.length, 4);
  let offset = head.length;
  images.forEach((img, i) => {
    const e = 6 + 16 * i;
    head[e] = img.size >= 256 ? 0 : img.size;
    head[e + 1] = img.size >= 256 ? 0 : img.size;
    head.writeUInt16LE(1, e + 4);
    head.writeUInt16LE(32, e + 6);
    head.writeUInt32LE(img.data.length, e + 8);
    head.writeUInt32LE(offset, e + 12);
    offset += img.data.length;
  });
  return Buffer.concat([head, ...images.map((i) => i.data)]);
}

const BADGE: Rgb = [33, 37, 41];
const BOLT_COLOR: Rgb = [255, 196, 0];

const STATES: Record<string, { dot: Rgb | null; bolt: Rgb }> = {
  normal: { dot: null, bolt: BOLT_COLOR },
  low: { dot: [230, 126, 34], bolt: BOLT_COLOR },
  offline: { dot: [220, 53, 69], bolt: [150, 150, 150] },
  busy: { dot: [13, 110, 253], bolt: BOLT_COLOR },
};

const out = new URL('../resources/', import.meta.url);
mkdirSync(out, { recursive: true });
const write = (name: string, data: Buffer): void => writeFileSync(new URL(name, out), data);

for (const [state, look] of Object.entries(STATES)) {
  const base = state === 'normal' ? 'tray' : `tray-${state}`;
  write(`${base}.png`, png(16, draw(16, BADGE, look.bolt, look.dot)));
  write(`${base}@2x.png`, png(32, draw(32, BADGE, look.bolt, look.dot)));
  // macOS template images: black with alpha; the menu bar tints them for light/dark.
  const black: Rgb = [0, 0, 0];
  write(`${base}Template.png`, png(16, draw(16, null, black, look.dot ? black : null)));
  write(`${base}Template@2x.png`, png(32, draw(32, null, black, look.dot ? black : null)));
}
write('icon-32.png', png(32, draw(32, BADGE, BOLT_COLOR, null)));
write('icon-32@2x.png', png(64, draw(64, BADGE, BOLT_COLOR, null)));
write('icon.png', png(512, draw(512, BADGE, BOLT_COLOR, null)));
write('icon.ico', ico([16, 32, 48, 256].map((s) => ({ size: s, data: png(s, draw(s, BADGE, BOLT_COLOR, null)) }))));

console.log('icons written to resources/');
