// Field definitions (docs/api/21-custom-fields.md): owner, key, name, type, description, validations, filterable; the key unique
// per (store, owner), key and type never change; validations fit the type; caps of 200 per owner and 20 filterable;
// deleting a definition removes its values. Who may call: any credential of the store reads, store.manage writes.
import { describe, expect, it } from "vitest";
import { addMember, call, newToken } from "../helpers/api";
import { storeAll } from "../products/store-databases";
import { defs, define, errorsOf, fieldStore } from "./support";

describe("a definition is {id, store_id, owner, key, name, description, type, validations, filterable, created_at, updated_at}", () => {
  it("POST creates it (201, Location); GET one and the list return it; an unknown or other store's id is 404", async () => {
    const store = await fieldStore();
    const res = await call("POST", defs(store), {
      token: store.token,
      body: {
        owner: "product",
        key: "material",
        name: "Material",
        type: "text",
        description: "What it is made of",
        validations: { choices: ["cotton", "wool"] },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("Location")).toBe(`/stores/${store.id}/field-definitions/${res.body.id}`);
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at",
      "description",
      "filterable",
      "id",
      "key",
      "name",
      "owner",
      "store_id",
      "type",
      "updated_at",
      "validations",
    ]);
    expect(res.body).toMatchObject({
      store_id: store.id,
      owner: "product",
      key: "material",
      type: "text",
      filterable: false,
      validations: { choices: ["cotton", "wool"] },
    });
    expect((await call("GET", defs(store, `/${res.body.id}`), { token: store.token })).body).toEqual(res.body);
    const list = await call("GET", defs(store), { token: store.token });
    expect(list.body).toEqual({ data: [res.body], pagination: { limit: 20, offset: 0, total: 1 } });
    const other = await fieldStore();
    for (const id of [crypto.randomUUID(), "nope"]) expect((await call("GET", defs(store, `/${id}`), { token: store.token })).status).toBe(404);
    expect((await call("GET", defs(other, `/${res.body.id}`), { token: other.token })).status).toBe(404);
    expect((await call("PATCH", defs(other, `/${res.body.id}`), { token: other.token, body: { name: "x" } })).status).toBe(404);
    expect((await call("DELETE", defs(other, `/${res.body.id}`), { token: other.token })).status).toBe(404);
  });

  it("the list filters by owner (oldest first) and pages; an unknown owner is 422", async () => {
    const store = await fieldStore();
    const a = await define(store, { owner: "product", key: "a", type: "text" });
    await define(store, { owner: "customer", key: "a", type: "text" });
    const c = await define(store, { owner: "product", key: "c", type: "integer" });
    const products = await call("GET", defs(store, "?owner=product"), { token: store.token });
    expect(products.body.data.map((d: { id: string }) => d.id)).toEqual([a.id, c.id]);
    expect(products.body.pagination.total).toBe(2);
    expect((await call("GET", defs(store, "?limit=1&offset=1"), { token: store.token })).body.pagination).toEqual({ limit: 1, offset: 1, total: 3 });
    expect((await call("GET", defs(store, "?owner=shop"), { token: store.token })).status).toBe(422);
  });

  it("every type of the section is accepted, list.<t> of each scalar one but not list.json", async () => {
    const store = await fieldStore();
    const scalar = [
      "text",
      "multiline_text",
      "integer",
      "decimal",
      "boolean",
      "date",
      "date_time",
      "url",
      "money",
      "color",
      "product_reference",
      "variant_reference",
      "collection_reference",
      "customer_reference",
    ];
    for (const type of [...scalar, "json", ...scalar.map((t) => `list.${t}`)]) {
      const res = await call("POST", defs(store), { token: store.token, body: { owner: "order", key: `k_${type.replace(".", "_")}`, name: type, type } });
      expect(res.status, `${type}: ${res.text}`).toBe(201);
    }
    for (const type of ["list.json", "list.list.text", "string", "reference"]) {
      const res = await call("POST", defs(store), { token: store.token, body: { owner: "order", key: "bad", name: "Bad", type } });
      expect(res.status, type).toBe(422);
      expect(errorsOf(res)).toHaveProperty("type");
    }
  });
});

describe("owner is product|variant|collection|customer|order; key is 1..64 of [a-z][a-z0-9_]*; name 1..255", () => {
  it.each([
    [{ owner: "shop", key: "a", name: "A", type: "text" }, "owner"],
    [{ owner: "product", key: "", name: "A", type: "text" }, "key"],
    [{ owner: "product", key: "Material", name: "A", type: "text" }, "key"],
    [{ owner: "product", key: "1st", name: "A", type: "text" }, "key"],
    [{ owner: "product", key: "has-dash", name: "A", type: "text" }, "key"],
    [{ owner: "product", key: "a".repeat(65), name: "A", type: "text" }, "key"],
    [{ owner: "product", key: "a", name: "", type: "text" }, "name"],
    [{ owner: "product", key: "a", name: "x".repeat(256), type: "text" }, "name"],
    [{ owner: "product", key: "a", name: "A", type: "text", extra: 1 }, ""],
  ])("%j is 422 at %s", async (body, path) => {
    const store = await fieldStore();
    const res = await call("POST", defs(store), { token: store.token, body });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("a 64-character key is fine; the key is unique per (store, owner): 409, but free for another owner and another store", async () => {
    const store = await fieldStore();
    await define(store, { owner: "product", key: "k".repeat(64), type: "text" });
    await define(store, { owner: "product", key: "code", type: "text" });
    const again = await call("POST", defs(store), { token: store.token, body: { owner: "product", key: "code", name: "Code", type: "integer" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
    await define(store, { owner: "variant", key: "code", type: "text" });
    await define(await fieldStore(), { owner: "product", key: "code", type: "text" });
  });
});

describe("validations fit the type: min/max for numbers, money, dates (values), texts (lengths) and lists (item counts); regex and choices for texts", () => {
  it.each([
    ["integer", { min: 1, max: 10 }],
    ["decimal", { min: -1.5, max: 2.25 }],
    ["money", { min: 0, max: 100000 }],
    ["date", { min: "2026-01-01", max: "2026-12-31" }],
    ["text", { min: 2, max: 20, regex: "^[A-Z]", choices: ["Alpha", "Beta"] }],
    ["multiline_text", { max: 5000, regex: "^\\w" }],
    ["url", { regex: "^https://example\\.com/" }],
    ["list.text", { min: 1, max: 5, choices: ["S", "M", "L"] }],
    ["list.integer", { max: 3 }],
  ])("%s with %j is accepted", async (type, validations) => {
    const store = await fieldStore();
    const res = await call("POST", defs(store), { token: store.token, body: { owner: "product", key: "f", name: "F", type, validations } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.validations).toEqual(validations);
  });

  it("date_time bounds are stored in UTC", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "launch", type: "date_time", validations: { min: "2026-01-01T01:00:00+01:00" } });
    expect((d as { validations?: unknown }).validations).toEqual({ min: "2026-01-01T00:00:00.000Z" });
  });

  it.each([
    ["boolean", { min: 1 }, "validations.min"],
    ["color", { max: 3 }, "validations.max"],
    ["json", { regex: "x" }, "validations.regex"],
    ["integer", { regex: "1" }, "validations.regex"],
    ["integer", { choices: ["1"] }, "validations.choices"],
    ["integer", { min: 1.5 }, "validations.min"],
    ["integer", { min: "1" }, "validations.min"],
    ["date", { min: "2026-02-30" }, "validations.min"],
    ["date_time", { max: "2026-01-01" }, "validations.max"],
    ["integer", { min: 5, max: 4 }, "validations.max"],
    ["text", { max: 1001 }, "validations.max"],
    ["text", { min: -1 }, "validations.min"],
    ["list.text", { max: 129 }, "validations.max"],
    ["text", { regex: "(" }, "validations.regex"],
    ["text", { regex: "(a)\\1" }, "validations.regex"],
    ["text", { regex: "(?=a)b" }, "validations.regex"],
    ["text", { regex: "x".repeat(256) }, "validations.regex"],
    ["text", { choices: [] }, "validations.choices"],
    ["text", { choices: ["a", "a"] }, "validations.choices.1"],
    ["text", { choices: ["ok", "two\nlines"] }, "validations.choices.1"],
    ["text", { max: 3, choices: ["fine", "ok"] }, "validations.choices.0"],
    ["text", { regex: "^[a-z]+$", choices: ["ok", "NO"] }, "validations.choices.1"],
    ["text", { unknown: true }, "validations"],
  ])("%s with %j is 422 at %s", async (type, validations, path) => {
    const store = await fieldStore();
    const res = await call("POST", defs(store), { token: store.token, body: { owner: "product", key: "f", name: "F", type, validations } });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path).join(" ")).toContain(path);
  });

  it("every problem at once", async () => {
    const store = await fieldStore();
    const res = await call("POST", defs(store), {
      token: store.token,
      body: { owner: "collection", key: "f", name: "F", type: "text", filterable: true, validations: { min: 5, max: 2, regex: "(" } },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(errorsOf(res)).sort()).toEqual(["filterable", "validations.max", "validations.regex"]);
  });
});

describe("a regex runs in linear time: a pattern too costly for the longest value the field accepts is refused", () => {
  it("a nested quantifier on a long multi-line text is refused unless max bounds the length", async () => {
    const store = await fieldStore();
    const body = (validations: object) => ({ owner: "product", key: "notes", name: "Notes", type: "multiline_text", validations });
    const costly = await call("POST", defs(store), { token: store.token, body: body({ regex: "^(?:[a-z]{1,40}\\s?){1,20}$" }) });
    expect(costly.status).toBe(422);
    expect(errorsOf(costly)["validations.regex"]).toMatch(/too costly/);
    const bounded = await call("POST", defs(store), { token: store.token, body: body({ regex: "^(?:[a-z]{1,40}\\s?){1,20}$", max: 500 }) });
    expect(bounded.status, bounded.text).toBe(201);
  });
});

describe("filterable: scalar product and variant fields only, at most 20 per owner", () => {
  it("json, lists and other owners' fields cannot be filterable (422)", async () => {
    const store = await fieldStore();
    for (const [owner, type] of [
      ["product", "json"],
      ["product", "list.text"],
      ["variant", "list.integer"],
      ["customer", "text"],
      ["order", "integer"],
      ["collection", "date"],
    ]) {
      const res = await call("POST", defs(store), { token: store.token, body: { owner, key: "f", name: "F", type, filterable: true } });
      expect(res.status, `${owner} ${type}`).toBe(422);
      expect(errorsOf(res)).toHaveProperty("filterable");
    }
    await define(store, { owner: "variant", key: "f", type: "text", filterable: true });
  });

  it("the 21st filterable product field is 422 limit_exceeded (at creation and by PATCH); variants count apart", async () => {
    const store = await fieldStore();
    for (let i = 0; i < 20; i++) await define(store, { owner: "product", key: `f${i}`, type: "integer", filterable: true });
    const over = await call("POST", defs(store), { token: store.token, body: { owner: "product", key: "f20", name: "F", type: "integer", filterable: true } });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
    const plain = await define(store, { owner: "product", key: "f20", type: "integer" });
    const patched = await call("PATCH", defs(store, `/${plain.id}`), { token: store.token, body: { filterable: true } });
    expect(patched.status).toBe(422);
    expect(patched.body.code).toBe("limit_exceeded");
    await define(store, { owner: "variant", key: "v", type: "integer", filterable: true });
  });
});

describe("at most 200 definitions per owner per store: 422 limit_exceeded", () => {
  it("the 201st product field is refused; other owners count apart", { timeout: 60_000 }, async () => {
    const store = await fieldStore();
    const statements = Array.from({ length: 200 }, (_, i) => [crypto.randomUUID(), `k${i}`]);
    const { storeRun } = await import("../products/store-databases");
    for (const [id, key] of statements) {
      await storeRun(
        store.id,
        "INSERT INTO field_definitions (id, store_id, owner, key, name, type, created_at, updated_at) VALUES (?, ?, 'product', ?, ?, 'text', ?, ?)",
        id,
        store.id,
        key,
        key,
        new Date().toISOString(),
        new Date().toISOString(),
      );
    }
    const over = await call("POST", defs(store), { token: store.token, body: { owner: "product", key: "one_more", name: "X", type: "text" } });
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("limit_exceeded");
    await define(store, { owner: "variant", key: "one_more", type: "text" });
  });
});

describe("PATCH: name, description, validations (later writes only), filterable; owner, key and type never change", () => {
  it("changes what it is given; an unchanged PATCH writes nothing", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "size", type: "integer", validations: { min: 1 } });
    const res = await call("PATCH", defs(store, `/${d.id}`), {
      token: store.token,
      body: { name: "Size (cm)", description: "In centimetres", validations: { min: 0, max: 300 } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ name: "Size (cm)", description: "In centimetres", validations: { min: 0, max: 300 } });
    const cleared = await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body: { validations: null, description: null } });
    expect(cleared.body).toMatchObject({ validations: {}, description: null });
    const audit = async () => (await storeAll(store.id, "SELECT id FROM audit_log WHERE store_id = ? AND action = 'field_definition.update'", store.id)).length;
    const before = await audit();
    const same = await call("PATCH", defs(store, `/${d.id}`), {
      token: store.token,
      body: { name: "Size (cm)", key: "size", type: "integer", owner: "product" },
    });
    expect(same.body).toEqual(cleared.body);
    expect(await audit()).toBe(before);
  });

  it("a different key, type or owner is 422; validations are checked against the stored type", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "size", type: "integer" });
    for (const body of [{ key: "size2" }, { type: "decimal" }, { owner: "variant" }, { validations: { regex: "x" } }]) {
      const res = await call("PATCH", defs(store, `/${d.id}`), { token: store.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe("who may call: any credential of the store reads the definitions; store.manage changes them", () => {
  it("a member without bits and a PAT without bits read; products.write is not enough to define", async () => {
    const store = await fieldStore();
    const d = await define(store, { owner: "product", key: "a", type: "text" });
    const member = await addMember(store, []);
    expect((await call("GET", defs(store), { token: member.jwt })).status).toBe(200);
    const pat = await newToken(store.id, store.owner.jwt, []);
    expect((await call("GET", defs(store, `/${d.id}`), { token: pat.token })).status).toBe(200);
    const writer = await newToken(store.id, store.owner.jwt, ["products.write", "products.edit"]);
    const res = await call("POST", defs(store), { token: writer.token, body: { owner: "product", key: "b", name: "B", type: "text" } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("store.manage");
  });
});
