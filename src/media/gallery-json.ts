// The product gallery as a SQL JSON expression, so a product and its gallery load in one query (GET product,
// product event payloads). Until the media module lands, a product's gallery is empty.
import { type SQL, sql } from "drizzle-orm";

export const galleryJsonSql = (_productId: SQL): SQL => sql`json('[]')`;
