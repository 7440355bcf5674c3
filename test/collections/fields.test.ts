// Custom field values on collections (docs/api/21-custom-fields.md): set at creation, merged by PATCH (null removes a key), in
// every response and in collections.* events' data; changing them needs products.edit, as any change of a collection.
import { describe, expect, it } from "vitest";
import { call, newToken } from "../helpers/api";
import { define, errorsOf, fieldStore } from "../fields/support";
import { storeEvents } from "../products/fixtures";

describe("collections carry `fields`", () => {
  it("create, GET, list, PATCH merge and null removal; collections.created/updated carry them", async () => {
    const store = await fieldStore();
    await define(store, { owner: "collection", key: "banner", type: "url" });
    await define(store, { owner: "collection", key: "season", type: "text", validations: { choices: ["summer", "winter"] } });
    const made = await call("POST", store.at("/collections"), {
      token: store.token,
      body: { title: "Summer", kind: "manual", fields: { banner: "https://cdn.example/s.png", season: "summer" } },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.fields).toEqual({ banner: "https://cdn.example/s.png", season: "summer" });
    expect((await call("GET", store.at(`/collections/${made.body.id}`), { token: store.token })).body.fields).toEqual(made.body.fields);
    expect((await call("GET", store.at("/collections"), { token: store.token })).body.data[0].fields).toEqual(made.body.fields);
    const patched = await call("PATCH", store.at(`/collections/${made.body.id}`), { token: store.token, body: { fields: { banner: null, season: "winter" } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.fields).toEqual({ season: "winter" });
    const events = (await storeEvents(store.id)).filter((e) => e.name.startsWith("collections."));
    expect(events.map((e) => [e.name, e.data.fields])).toEqual([
      ["collections.created", { banner: "https://cdn.example/s.png", season: "summer" }],
      ["collections.updated", { season: "winter" }],
    ]);
    const bad = await call("PATCH", store.at(`/collections/${made.body.id}`), { token: store.token, body: { fields: { season: "spring", other: 1 } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["fields.other", "fields.season"]);
  });

  it("changing a collection's fields needs products.edit", async () => {
    const store = await fieldStore();
    await define(store, { owner: "collection", key: "note", type: "text" });
    const made = await call("POST", store.at("/collections"), { token: store.token, body: { title: "C", kind: "manual" } });
    const reader = await newToken(store.id, store.owner.jwt, ["products.read", "products.write"]);
    const res = await call("PATCH", store.at(`/collections/${made.body.id}`), { token: reader.token, body: { fields: { note: "x" } } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("products.edit");
  });
});
