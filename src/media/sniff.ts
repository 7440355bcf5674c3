// Recognises an upload's image type from its first bytes. The declared Content-Type of a multipart part is
// chosen by the client and proves nothing, so only these signatures decide whether a file is accepted.

export type ImageType = "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 32;

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

export function sniffImageType(head: Uint8Array): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte)) {
    return "image/png";
  }
  if (head.length >= 6 && (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a")) return "image/gif";
  if (head.length >= 12 && ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  // ISO-BMFF: a `ftyp` box whose major brand (or one of the first compatible brands) is an AVIF brand.
  if (head.length >= 12 && ascii(head, 4, 8) === "ftyp") {
    const boxSize = Math.min((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3], head.length);
    for (let offset = 8; offset + 4 <= boxSize; offset += 4) {
      if (offset === 12) continue; // minor version, not a brand
      const brand = ascii(head, offset, offset + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return null;
}
