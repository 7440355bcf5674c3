// Real images for the media tests: a minimal PNG encoder (zlib through CompressionStream), JPEG/WebP made from
// it by the real Images binding, and readers of the width and height written in an image's own header bytes.
import { env } from "cloudflare:workers";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Uint8Array) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
};

function chunk(type: string, data: Uint8Array) {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(new TextEncoder().encode(type), 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat([head.subarray(4), data])));
  return concat([head, data, crc]);
}

/** An RGB PNG of the given size with a colour gradient (so encoders have real content to work on). */
export async function makePng(width: number, height: number): Promise<Uint8Array> {
  const raw = new Uint8Array(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width;
      raw[row + 2 + x * 3] = (y * 255) / height;
      raw[row + 3 + x * 3] = ((x ^ y) * 7) & 0xff;
    }
  }
  const compressed = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer());
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit depth, colour type RGB
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return concat([signature, chunk("IHDR", ihdr), chunk("IDAT", compressed), chunk("IEND", new Uint8Array())]);
}

/** A JPEG of the given size: the PNG re-encoded by the Images binding. */
export async function makeJpeg(width: number, height: number): Promise<Uint8Array> {
  const png = await makePng(width, height);
  const result = await env.IMAGES.input(new Blob([png]).stream()).output({ format: "image/jpeg" });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}

/** Width and height from the image's own header: PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X. */
export function dimensionsOf(bytes: Uint8Array): { format: string; width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0x89 && bytes[1] === 0x50) {
    return { format: "png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset < bytes.length) {
      if (bytes[offset] !== 0xff) throw new Error("bad JPEG marker");
      const marker = bytes[offset + 1];
      const length = view.getUint16(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { format: "jpeg", height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      }
      offset += 2 + length;
    }
    throw new Error("no SOF in JPEG");
  }
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) === "RIFF" && tag(8) === "WEBP") {
    const kind = tag(12);
    if (kind === "VP8 ") return { format: "webp", width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (kind === "VP8L") {
      const bits = view.getUint32(21, true);
      return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (kind === "VP8X") {
      const w = bytes[24] | (bytes[25] << 8) | (bytes[26] << 16);
      const h = bytes[27] | (bytes[28] << 8) | (bytes[29] << 16);
      return { format: "webp", width: w + 1, height: h + 1 };
    }
  }
  throw new Error("unrecognised image bytes");
}

/** A multipart body with one file part (and optional text fields). */
export function uploadForm(bytes: Uint8Array, filename: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([bytes], filename, { type }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}
