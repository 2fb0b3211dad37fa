// Draws the task and extension icons (a terminal prompt on blue) as PNG files, without image libraries.
// Run once after changing the design; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

function crc32(buf) {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function icon(size) {
  const px = (x, y) => {
    const u = x / size;
    const v = y / size;
    // ">" chevron and "_" cursor in white on a blue rounded square
    const r = 0.18;
    const cx = Math.min(Math.max(u, r), 1 - r);
    const cy = Math.min(Math.max(v, r), 1 - r);
    if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
    const t = 0.07;
    const chevron =
      u > 0.22 && u < 0.48 && Math.abs(v - 0.5) < 0.2 && Math.abs(Math.abs(v - 0.5) - (0.48 - u) * 0.75) < t;
    const cursor = u > 0.52 && u < 0.78 && v > 0.64 && v < 0.72;
    return chevron || cursor ? [255, 255, 255, 255] : [0, 120, 212, 255];
  };
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [0];
    for (let x = 0; x < size; x++) row.push(...px(x + 0.5, y + 0.5));
    rows.push(Buffer.from(row));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(new URL('../task/icon.png', import.meta.url), icon(32));
writeFileSync(new URL('../images/extension-icon.png', import.meta.url), icon(128));
