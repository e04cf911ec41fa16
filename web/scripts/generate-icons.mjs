// Draws the app icons (a clock on a teal tile) as PNGs with nothing but zlib.
// Run once after changing the design: node scripts/generate-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [13, 148, 136];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, coverage) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const samples = 4;
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x += 1) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const u = (x + (sx + 0.5) / samples) / size;
          const v = (y + (sy + 0.5) / samples) / size;
          const [color, alpha] = coverage(u, v);
          r += color[0] * alpha;
          g += color[1] * alpha;
          b += color[2] * alpha;
          a += alpha;
        }
      }
      const n = samples * samples;
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / n) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const distToSegment = (px, py, ax, ay, bx, by) => {
  const dx = bx - ax,
    dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};

/** scale < 1 shrinks the clock into the maskable safe zone; rounded=false fills the whole square. */
function design({ rounded, scale }) {
  return (u, v) => {
    const inTile = rounded
      ? (() => {
          const r = 0.22,
            cx = Math.min(Math.max(u, r), 1 - r),
            cy = Math.min(Math.max(v, r), 1 - r);
          return Math.hypot(u - cx, v - cy) <= r;
        })()
      : true;
    if (!inTile) return [TEAL, 0];
    const x = (u - 0.5) / scale,
      y = (v - 0.5) / scale;
    const d = Math.hypot(x, y);
    const ring = d <= 0.34 && d >= 0.27;
    const hourHand = distToSegment(x, y, 0, 0, 0, -0.17) <= 0.035;
    const minuteHand = distToSegment(x, y, 0, 0, 0.15, 0.08) <= 0.035;
    const hub = d <= 0.05;
    return [ring || hourHand || minuteHand || hub ? WHITE : TEAL, 1];
  };
}

const out = new URL('../public/', import.meta.url);
writeFileSync(new URL('icons/icon-192.png', out), png(192, design({ rounded: true, scale: 1 })));
writeFileSync(new URL('icons/icon-512.png', out), png(512, design({ rounded: true, scale: 1 })));
writeFileSync(new URL('icons/icon-maskable-512.png', out), png(512, design({ rounded: false, scale: 0.8 })));
writeFileSync(new URL('apple-touch-icon.png', out), png(180, design({ rounded: false, scale: 0.9 })));
console.log('icons written to public/');
