// Small valid images made in memory for uploads (no image files in the repository): RGB PNGs
// encoded with node:zlib.
const crypto = require('node:crypto');
const zlib = require('node:zlib');

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

// rows: `height` buffers of 1 + width * 3 bytes (filter byte 0, then RGB).
function encode(width, height, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function image(width, height, colourAt) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++)
      row.set(
        colourAt(x, y).map((v) => Math.max(0, Math.min(255, Math.round(v)))),
        1 + x * 3,
      );
    rows.push(row);
  }
  return encode(width, height, rows);
}

// A width x height PNG filled with [r, g, b]; with `noise`, random pixels instead, which do not
// compress (a file of about width * height * 3 bytes, for watching an upload's progress).
function png(width, height, rgb = [200, 120, 40], { noise = false } = {}) {
  if (!noise) return image(width, height, () => rgb);
  return encode(
    width,
    height,
    Array.from({ length: height }, () => {
      const row = crypto.randomBytes(1 + width * 3);
      row[0] = 0; // filter type: none
      return row;
    }),
  );
}

// A small landscape for screenshots: a sky gradient, a sun and hills, coloured by `hue` (0..1).
function scene(width, height, hue = 0.5) {
  const sun = { x: width * (0.2 + 0.6 * hue), y: height * 0.3, r: height * 0.12 };
  return image(width, height, (x, y) => {
    const hill = height * (0.62 + 0.08 * Math.sin((x / width) * 6.3 + hue * 9));
    if (y > hill) return [60 + 80 * hue, 130 - 30 * hue, 60];
    if ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2) return [250, 210 - 60 * hue, 90];
    return [120 + 100 * hue * (y / height), 170 + 60 * (y / height), 230 - 40 * hue];
  });
}

module.exports = { png, scene };
