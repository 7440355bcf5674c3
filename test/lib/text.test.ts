// Text is Unicode text (docs/api/13b-holder-limits.md, issue 32): every string of every request body (JSON and multipart)
// and query parameter refuses lone UTF-16 surrogates and control characters (tab, LF and CR only in multi-line
// fields) with 422 `validation_failed` naming the field, search parameters included (never a 500, never "match
// everything"); nothing is stored altered, so what a write answers is what a later GET returns, byte for byte.
// The first part reads the OpenAPI document, so a request string added later without the text type fails here.
import { describe, expect, it } from "vitest";
import { SKU_RE } from "../../src/lib/text";
import { CODE_RE } from "../../src/inventory/schemas";
import { KEY_RE } from "../../src/fields/field-types";
import { call, newStore, type TestStore } from "../helpers/api";
import { makePng, uploadForm } from "../media/images";
import { catalogStore } from "../products/fixtures";

const REFUSED = ["a\u0000b", "a\ud800b", "\udc00"];
const ACCEPTED = "Café 🎉";

/**
 * Strings whose pattern is a narrower format than text (a decimal mask, a timestamp, a currency code, a slug, a SKU
 * without spaces): they must still refuse every REFUSED value, and accept their own example instead of ACCEPTED.
 */
const NARROW: Record<string, string> = {
  "^\\d{1,20}$": "2305843009213693952",
  "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$": "2026-11-21T10:00:00.000Z",
  "^[A-Z]{3}$": "EUR",
  // An ISO 3166-1 alpha-2 country code (docs/api/24-prices.md).
  "^[A-Z]{2}$": "DE",
  "^[a-z0-9]+(?:-[a-z0-9]+)*$": "plain-tee-2",
  [SKU_RE.source]: "Café🎉",
  // A location's code (docs/api/20-inventory.md): ASCII letters, digits, '_' and '-'.
  [CODE_RE.source]: "shop-floor_2",
  // A custom field's key (docs/api/21-custom-fields.md): [a-z][a-z0-9_]*.
  [KEY_RE.source]: "material_2",
};

type Schema = Record<string, any>;

/** Every string schema a request can carry: request bodies (JSON, multipart) and query parameters, $refs followed. */
function requestStrings(doc: any) {
  const found: Array<{ where: string; schema: Schema }> = [];
  const resolve = (node: any) => {
    let current = node;
    for (let hops = 0; current?.$ref && hops < 10; hops++) {
      current = current.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce((at: any, key: string) => at?.[key.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    }
    return current;
  };
  const walk = (node: any, where: string, seen: Set<string>) => {
    if (node?.$ref) {
      if (seen.has(node.$ref)) return;
      return walk(resolve(node), `${where}(${node.$ref.split("/").pop()})`, new Set([...seen, node.$ref]));
    }
    if (!node || typeof node !== "object") return;
    for (const key of ["anyOf", "oneOf", "allOf"]) {
      for (const [i, child] of (node[key] ?? []).entries()) walk(child, `${where}/${key}/${i}`, seen);
    }
    if (node.items) walk(node.items, `${where}[]`, seen);
    for (const [name, child] of Object.entries(node.properties ?? {})) walk(child, `${where}.${name}`, seen);
    if (node.additionalProperties && typeof node.additionalProperties === "object") walk(node.additionalProperties, `${where}{*}`, seen);
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes("string")) found.push({ where, schema: node });
  };
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      if (!operation?.responses) continue;
      const at = `${method.toUpperCase()} ${path}`;
      for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])].map(resolve)) {
        if (parameter?.in === "query") walk(parameter.schema, `${at} ?${parameter.name}`, new Set());
      }
      for (const [type, content] of Object.entries<any>(resolve(operation.requestBody)?.content ?? {})) walk(content.schema, `${at} body ${type}`, new Set());
    }
  }
  return found;
}

/** Why `schema` is not text (or an enum, a UUID, a timestamp, a file), or null when it is. */
function problemOf(schema: Schema): string | null {
  if (Array.isArray(schema.enum) || schema.const !== undefined) return null;
  if (["uuid", "date-time", "binary"].includes(schema.format)) return null;
  if (typeof schema.pattern !== "string") return "no pattern";
  const example = NARROW[schema.pattern] ?? ACCEPTED;
  for (const flags of ["", "u"]) {
    let re: RegExp;
    try {
      re = new RegExp(schema.pattern, flags);
    } catch {
      return `pattern does not compile with flags "${flags}"`;
    }
    const letThrough = REFUSED.filter((value) => re.test(value));
    if (letThrough.length > 0) return `pattern ${schema.pattern} (flags "${flags}") accepts ${JSON.stringify(letThrough)}`;
    if (!re.test(example)) return `pattern ${schema.pattern} (flags "${flags}") refuses ${JSON.stringify(example)}`;
  }
  return null;
}

describe("The OpenAPI document: every request string is text", () => {
  it("each string of a request body or query parameter is an enum, a uuid/date-time/binary, or has a text pattern", async () => {
    const doc = (await call("GET", "/openapi.json")).body;
    const strings = requestStrings(doc);
    expect(strings.length).toBeGreaterThan(100);
    // A sample of what the walk must reach: nested arrays, anyOf, $refs, multipart fields, query parameters.
    const places = strings.map((s) => s.where).join("\n");
    for (const reached of [
      ".specs[].value",
      ".option_values[].name",
      "body multipart/form-data(MediaUpload).alt",
      "?search",
      "?tag[]",
      ".conditions[].value/anyOf/0",
    ]) {
      expect(places).toContain(reached);
    }
    const offending = strings.flatMap(({ where, schema }) => {
      const problem = problemOf(schema);
      return problem ? [`${where}: ${problem}`] : [];
    });
    expect(offending, `request strings that are not text:\n${offending.join("\n")}`).toEqual([]);
  });
});

const LONE = "a\ud800b";

/** A 422 `validation_failed` whose errors name `path`. */
function expectRefused(res: { status: number; body: any; text: string }, path: string) {
  expect({ status: res.status, code: res.body?.code }, res.text).toEqual({ status: 422, code: "validation_failed" });
  expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
}

const storeCall = (store: TestStore, method: string, suffix: string, body?: unknown) =>
  call(method, `/stores/${store.id}${suffix}`, { token: store.owner.jwt, body });

describe("Refusals: 422 naming the field, nothing created or changed", () => {
  it("a lone surrogate in a product title, nothing created", async () => {
    const store = await catalogStore();
    expectRefused(await call("POST", store.path(), { token: store.token, body: { title: LONE, product_type: "single" } }), "title");
    expectRefused(await call("POST", store.path(), { token: store.token, body: { title: "Tee", product_type: "single", tags: ["ok", "\udc00"] } }), "tags.1");
    expect((await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.pagination.total).toBe(0);
  });

  it("a lone surrogate in a customer name, nothing created", async () => {
    const store = await newStore();
    expectRefused(await storeCall(store, "POST", "/customers", { email: "ada@example.test", name: LONE }), "name");
    expect((await storeCall(store, "GET", "/customers")).body.pagination.total).toBe(0);
  });

  it("a lone surrogate in a collection title, nothing created", async () => {
    const store = await newStore();
    expectRefused(await storeCall(store, "POST", "/collections", { title: LONE, kind: "manual" }), "title");
    expect((await storeCall(store, "GET", "/collections")).body.pagination.total).toBe(0);
  });

  it("a lone surrogate or a NUL in an integration name, nothing created", async () => {
    const store = await newStore();
    expectRefused(await storeCall(store, "POST", "/integrations", { name: LONE, scopes: ["products.read"] }), "name");
    expectRefused(await storeCall(store, "POST", "/integrations", { name: "ERP\u0000sync", scopes: ["products.read"] }), "name");
    expect((await storeCall(store, "GET", "/integrations")).body.pagination.total).toBe(0);
  });

  it("a lone surrogate in a store name: no store created, none renamed", async () => {
    const store = await newStore();
    const before = (await storeCall(store, "GET", "")).body;
    expectRefused(await call("POST", "/stores", { token: store.owner.jwt, body: { name: LONE } }), "name");
    expectRefused(await storeCall(store, "PATCH", "", { name: LONE }), "name");
    expect((await call("GET", "/stores", { token: store.owner.jwt })).body.pagination.total).toBe(1);
    expect((await storeCall(store, "GET", "")).body).toEqual(before);
  });

  it("multipart fields and the uploaded file's name (kept as `filename`), nothing stored", async () => {
    const store = await newStore();
    const png = await makePng(20, 10);
    const upload = (form: FormData) => storeCall(store, "POST", "/media", form);
    expectRefused(await upload(uploadForm(png, "mug.png", "image/png", { alt: "A\u0000mug" })), "alt");
    expectRefused(await upload(uploadForm(png, "mug\u0001.png", "image/png")), "file");
    expectRefused(await upload(uploadForm(png, "mug\u0085.png", "image/png")), "file");
    expect((await storeCall(store, "GET", "/media")).body.pagination.total).toBe(0);
    const kept = await upload(uploadForm(png, "Tasse ☕ 🎉.png", "image/png", { alt: "Zoë's mug 🎉" }));
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({ filename: "Tasse ☕ 🎉.png", alt: "Zoë's mug 🎉" });
    expect((await storeCall(store, "GET", "/media")).body.data).toEqual([kept.body]);
  });

  it("a line break, a tab or a C1 control in a single-line field", async () => {
    const store = await catalogStore();
    for (const title of ["Two\nlines", "Tab\there", "Next\u0085line", "Trailing break\n"]) {
      expectRefused(await call("POST", store.path(), { token: store.token, body: { title, product_type: "single" } }), "title");
    }
    expect((await call("GET", store.path("?include_drafts=true"), { token: store.token })).body.pagination.total).toBe(0);
  });
});

describe("Search parameters are text: 422, never a 500 and never every row", () => {
  it.each(["%00%00%00", "%00%00", "ab%00cd"])("customers ?search=%s", async (search) => {
    const store = await newStore();
    expect((await storeCall(store, "POST", "/customers", { email: "ada@example.test", name: "Ada" })).status).toBe(201);
    expectRefused(await storeCall(store, "GET", `/customers?search=${search}`), "search");
  });

  it.each(["%00%00%00", "%00%00", "ab%00cd"])("products ?search=%s", async (search) => {
    const store = await catalogStore();
    expectRefused(await call("GET", store.path(`?include_drafts=true&search=${search}`), { token: store.token }), "search");
  });

  it("other query strings too: a customer's email filter, a product's sku filter", async () => {
    const store = await catalogStore();
    expectRefused(await call("GET", `/stores/${store.id}/customers?email=a%00@example.test`, { token: store.token }), "email");
    expectRefused(await call("GET", store.path("?sku=A%01B"), { token: store.token }), "sku");
  });
});

describe("Accepted text is stored as sent, byte for byte", () => {
  // Precomposed and combining accents (no normalization), an astral emoji, a flag (two astral code points), CJK.
  const title = "Café vs Cafe\u0301 🎉 🇩🇪 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 日本";

  it("an astral, emoji and accented product title: the write answer equals a later GET", async () => {
    const store = await catalogStore();
    const created = await call("POST", store.path(), { token: store.token, body: { title, product_type: "single", default_price_cents: 100 } });
    expect(created.status).toBe(201);
    expect(created.body.title).toBe(title);
    const read = await call("GET", store.path(`/${created.body.id}`), { token: store.token });
    expect(read.body.title).toBe(title);
    expect(read.body).toEqual(created.body);
  });

  it("the same text in a customer name and an integration name", async () => {
    const store = await newStore();
    const customer = await storeCall(store, "POST", "/customers", { email: "zoe@example.test", name: title });
    expect(customer.status).toBe(201);
    expect((await storeCall(store, "GET", `/customers/${customer.body.id}`)).body).toEqual(customer.body);
    const integration = await storeCall(store, "POST", "/integrations", { name: title, scopes: ["products.read"] });
    expect(integration.status).toBe(201);
    expect(integration.body.name).toBe(title);
    expect((await storeCall(store, "GET", `/integrations/${integration.body.id}`)).body.name).toBe(title);
  });

  it("a description with line breaks and tabs is accepted and returned unchanged", async () => {
    const store = await catalogStore();
    const description = "Line 1\n\tIndented 🎉\r\nLine 3\n";
    const created = await call("POST", store.path(), {
      token: store.token,
      body: { title: "Tee", product_type: "single", default_price_cents: 100, description },
    });
    expect(created.status).toBe(201);
    expect(created.body.description).toBe(description);
    expect((await call("GET", store.path(`/${created.body.id}`), { token: store.token })).body.description).toBe(description);
    expectRefused(await call("PATCH", store.path(`/${created.body.id}`), { token: store.token, body: { description: "Bell\u0007" } }), "description");
    expectRefused(await call("PATCH", store.path(`/${created.body.id}`), { token: store.token, body: { description: LONE } }), "description");
    expect((await call("GET", store.path(`/${created.body.id}`), { token: store.token })).body.description).toBe(description);
  });

  it("a search with emoji and accents still finds what it should", async () => {
    const store = await newStore();
    const customer = await storeCall(store, "POST", "/customers", { email: "zoe@example.test", name: "Zoë 🎉 Müller" });
    expect(customer.status).toBe(201);
    const found = await storeCall(store, "GET", `/customers?search=${encodeURIComponent("ë 🎉")}`);
    expect(found.status).toBe(200);
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([customer.body.id]);
  });
});
