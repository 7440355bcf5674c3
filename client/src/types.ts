// What a call by operationId takes and gives back, derived from the generated schema (./generated/schema.ts): the
// path, query and header parameters and the body of the operation, and the body of its success response.
import type { operations as Operations } from "./generated/schema.js";
import type { operations } from "./generated/operations.js";

/** Every operation the API documents, by its operationId. */
export type OperationId = keyof typeof operations & keyof Operations;

type Op<K extends OperationId> = Operations[K];
type Parameters<O> = O extends { parameters: infer P } ? P : object;
type RequestBody<O> = O extends { requestBody?: infer R } ? R : never;

/** JSON bodies as the schema says; uploads (multipart) as FormData. */
type BodyOf<C> = C extends { "application/json": infer J } ? J : C extends { "multipart/form-data": unknown } ? FormData : never;

type BodyPart<O> = [NonNullable<RequestBody<O>>] extends [never]
  ? object
  : NonNullable<RequestBody<O>> extends { content: infer C }
    ? undefined extends RequestBody<O>
      ? { body?: BodyOf<C> }
      : { body: BodyOf<C> }
    : object;

/** Options every call accepts besides the operation's own parameters. */
export interface CommonOptions {
  /** The Idempotency-Key of an idempotent POST; by default a new UUID per call, the same on each of its retries. */
  idempotencyKey?: string;
  /** More request headers (e.g. X-Request-Id, If-Match). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** `{ path, query, header, body }` of an operation, each required when the operation requires it. */
export type CallOptions<K extends OperationId> = Pick<Parameters<Op<K>>, Extract<"path" | "query" | "header", keyof Parameters<Op<K>>>> &
  BodyPart<Op<K>> &
  CommonOptions;

/** Calls whose options are all optional may be made with none. */
export type CallArgs<K extends OperationId> = object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

type SuccessStatus = 200 | 201 | 202 | 204;
type Content<R> = R extends { content: infer C }
  ? C extends { "application/json": infer J }
    ? J
    : keyof C extends `text/${string}`
      ? string
      : Blob
  : undefined;
type Responses<O> = O extends { responses: infer R } ? R : never;

/** The body of an operation's success response: parsed JSON, text for text/*, a Blob for files, undefined for 204. */
export type Result<K extends OperationId> = {
  [S in keyof Responses<Op<K>>]: S extends SuccessStatus ? Content<Responses<Op<K>>[S]> : never;
}[keyof Responses<Op<K>>];

/** The lists that page with `next_cursor` (products, orders, customers; docs/sync.md). */
export type CursorListId = {
  [K in OperationId]: Result<K> extends { data: unknown[]; pagination: { next_cursor: string | null } } ? K : never;
}[OperationId];

/** One item of a cursor list. */
export type ListItem<K extends CursorListId> = Result<K> extends { data: Array<infer T> } ? T : never;
