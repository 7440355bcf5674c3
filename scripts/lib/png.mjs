// A minimal PNG encoder (8-bit RGB, no dependency) for pictures the repository makes itself: the demo store's
// (scripts/demo/png.mjs), the Shopify import tests' image server and bench:sync's image server.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG of `width` × `height` RGB pixels from `scanlines`: each row is a filter-type byte followed by its 3 × width
 * bytes (PNG's own layout). `level`: zlib's compression level.
 */
export function encodePng(width, height, scanlines, level = 6) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(scanlines, { level })), chunk("IEND", Buffer.alloc(0))]);
}

/** A gradient PNG whose pixels depend on `seed`: images told apart by size or seed. */
export function gradientPng(width, height, seed = 0) {
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([(x * 7 + seed) & 0xff, (y * 13 + seed * 3) & 0xff, (x ^ y ^ seed) & 0xff], y * (1 + width * 3) + 1 + x * 3);
  return encodePng(width, height, raw);
}
