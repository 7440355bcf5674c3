// API shapes of the media library and the product gallery (docs/api/07-media.md). Multipart fields are validated
// like JSON fields: strict objects (unknown fields 422), typed values parsed from their text form.
import { z } from "@hono/zod-openapi";
import { LINE_MESSAGE, isText, line } from "../lib/text";

const timestamp = z.string().openapi({ format: "date-time" });

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const imageVariantSchema = z.object({
  size: z.enum(["thumbnail", "small", "medium", "large"]),
  width: z.number().int().openapi({ description: "The width actually served (the original's, when smaller)" }),
  url: z.string().openapi({ description: "Relative to the API's base URL; public, no token needed" }),
});

export const mediaFileSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    filename: z.string(),
    content_type: z.string().openapi({ description: "Recognised from the bytes, not the declared type" }),
    bytes: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string().nullable(),
    url: z.string().openapi({ description: "The original, relative to the API's base URL" }),
    image_variants: z.array(imageVariantSchema),
    created_at: timestamp,
  })
  .openapi("MediaFile");

export const galleryItemSchema = z
  .object({
    id: z.string(),
    product_id: z.string(),
    media_type: z.enum(["image", "video"]),
    media_file_id: z.string().nullable(),
    url: z.string().openapi({ description: "Images: the original (relative); videos: the video URL" }),
    poster_url: z.string().nullable(),
    provider: z.enum(["youtube", "vimeo", "upload", "external"]).nullable().openapi({ description: "Videos only" }),
    alt: z.string().nullable(),
    position: z.number().int(),
    is_primary: z.boolean(),
    product_variant_id: z.string().nullable(),
    image_variants: z.array(imageVariantSchema),
    srcset: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("GalleryItem");

const fileField = z
  .custom<File>((value) => value instanceof File, "must be a file")
  .refine((file) => file.size > 0, "must not be empty")
  // The file's name is kept (as `filename`): text like any other field, so it is refused rather than altered.
  .refine((file) => isText(file.name), `name ${LINE_MESSAGE}`)
  .openapi({ type: "string", format: "binary", description: "JPEG, PNG, WebP, AVIF or GIF; at most 10 MiB" });

const altText = line().max(1000);

/** Multipart integers and booleans arrive as text. */
const positionField = z
  .string()
  .regex(/^\d+$/, "must be a whole number >= 0")
  .transform(Number)
  .pipe(z.number().int().max(1_000_000))
  .openapi({ type: "integer", minimum: 0 });
const booleanField = z
  .enum(["true", "false", "1", "0"], "must be true or false")
  .transform((v) => v === "true" || v === "1")
  .openapi({ type: "boolean" });

export const libraryUploadForm = z.strictObject({ file: fileField, alt: altText.optional() }).openapi("MediaUpload");

export const galleryUploadForm = z
  .strictObject({
    file: fileField,
    alt: altText.optional(),
    position: positionField.optional(),
    product_variant_id: line().optional(),
    is_primary: booleanField.optional(),
  })
  .openapi("GalleryImageUpload");

const position = z.number().int().min(0).max(1_000_000);

export const associateBody = z
  .strictObject({
    media_file_id: line(),
    alt: altText.nullable().optional(),
    position: position.optional(),
    product_variant_id: line().nullable().optional(),
    is_primary: z.boolean().optional(),
  })
  .openapi("GalleryAssociateRequest");

const httpUrl = line()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an absolute http(s) URL");

export const videoBody = z
  .strictObject({
    url: httpUrl,
    poster_url: httpUrl.nullable().optional(),
    position: position.optional(),
    product_variant_id: line().nullable().optional(),
    provider: z.enum(["youtube", "vimeo", "upload", "external"]).optional().openapi({
      description: "Overrides detection from the URL",
    }),
    alt: altText.nullable().optional(),
  })
  .openapi("GalleryVideoRequest");

export const galleryPatchBody = z
  .strictObject({
    position: position.optional(),
    is_primary: z.boolean().optional(),
    alt: altText.nullable().optional(),
    product_variant_id: line().nullable().optional(),
  })
  .openapi("GalleryItemUpdate");
