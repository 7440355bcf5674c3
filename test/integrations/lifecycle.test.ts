// docs/api/16-integrations.md, a key's life: its permission is its scope and outlives its creator, rotation with an overlap
// the caller chooses, "rotation recommended" when someone who received a working value leaves, and revocation.
import { describe, expect, it } from "vitest";
import { addMember, call, newStore } from "../helpers/api";
import { newIntegration, readCatalog, removeMember, rotate, until } from "./helpers";

describe("effective permission = the scope: it follows no user and survives the creator's removal", () => {
  it("a member's integration keeps working after the member is demoted and then removed; their own PAT stops", async () => {
    const store = await newStore();
    const creator = await addMember(store, ["integrations.manage", "products.read", "products.write"]);
    const integration = await newIntegration(store, ["products.read", "products.write"], creator.jwt);
    const pat = (await call("POST", `/stores/${store.id}/api-tokens`, { token: creator.jwt, body: { name: "mine", scopes: ["products.read"] } })).body;
    await call("PATCH", `/stores/${store.id}/members/${creator.id}`, { token: store.owner.jwt, body: { permissions: [] } });
    const afterDemotion = await call("POST", `/stores/${store.id}/products`, {
      token: integration.token,
      body: { title: "Made after the demotion", product_type: "single" },
    });
    expect(afterDemotion.status).toBe(201);
    expect((await removeMember(store, creator.id)).status).toBe(204);
    expect((await readCatalog(store, pat.token)).status).toBe(401);
    expect((await readCatalog(store, integration.token)).status).toBe(200);
    const afterRemoval = await call("POST", `/stores/${store.id}/products`, {
      token: integration.token,
      body: { title: "Made after the removal", product_type: "single" },
    });
    expect(afterRemoval.status).toBe(201);
  });

  it("a bit outside the scope is 403 naming it, whatever the creator holds", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const res = await call("POST", `/stores/${store.id}/products`, { token: integration.token, body: { title: "x", product_type: "single" } });
    expect(res.status).toBe(403);
    expect(res.body.missing_permission).toBe("products.write");
  });

  it("webhooks an integration registered keep delivering after its creator leaves", async () => {
    const store = await newStore();
    const creator = await addMember(store, ["integrations.manage", "products.read", "products.write", "webhooks.write", "webhooks.read"]);
    const integration = await newIntegration(store, ["products.read", "products.write", "webhooks.write", "webhooks.read"], creator.jwt);
    const hook = await call("POST", `/stores/${store.id}/webhooks`, {
      token: integration.token,
      body: { url: "http://127.0.0.1:9219/hook", events: ["products.created"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
    });
    expect(hook.status, hook.text).toBe(201);
    await removeMember(store, creator.id);
    const product = await call("POST", `/stores/${store.id}/products`, { token: integration.token, body: { title: "After", product_type: "single" } });
    expect(product.status).toBe(201);
    const hooks = await call("GET", `/stores/${store.id}/webhooks`, { token: integration.token });
    expect(hooks.body.data.map((h: { active: boolean }) => h.active)).toEqual([true]);
    const deliveries = await call("GET", `/stores/${store.id}/webhook-deliveries?event=products.created`, { token: integration.token });
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.data.length).toBeGreaterThanOrEqual(1);
  });
});

describe("imports an integration starts run to the end after its creator leaves, in the integration's name", () => {
  it("the import ends done, its products are audited as the integration with no user", async () => {
    const store = await newStore();
    const creator = await addMember(store, ["integrations.manage", "products.read", "products.write", "products.edit"]);
    const integration = await newIntegration(store, ["products.read", "products.write", "products.edit"], creator.jwt, "Feed");
    const header =
      "handle,title,description,brand,product_type,status,seo_title,seo_description,variant_sku,variant_title," +
      "option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,price,stock,fulfillment_mode," +
      "length_mm,width_mm,height_mm,weight_g";
    const form = new FormData();
    form.append("file", new File([`${header}\nmug,Mug,,,single,draft,,,MUG-1,,,,,,,,3.00,5,,,,,\n`], "feed.csv", { type: "text/csv" }));
    const started = await call("POST", `/stores/${store.id}/imports`, { token: integration.token, body: form });
    expect(started.status, started.text).toBe(202);
    await removeMember(store, creator.id);
    let state = "";
    for (let i = 0; i < 200 && state !== "done" && state !== "failed"; i++) {
      state = (await call("GET", `/stores/${store.id}/imports/${started.body.id}`, { token: integration.token })).body.state;
      if (state !== "done" && state !== "failed") await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toBe("done");
    const log = await call("GET", `/stores/${store.id}/audit-log`, { token: store.owner.jwt });
    const created = log.body.data.find((e: { action: string }) => e.action === "product.create");
    expect(created).toMatchObject({ user_id: null, integration_id: integration.id, integration_name: "Feed" });
  });
});

describe("rotation: the new value works at once; the previous one until previous_expires_at; only one previous value", () => {
  it("default 0: the previous value is 401 from the next request; rotated_at and previous_expires_at are set", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const res = await rotate(store, integration.id);
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^boi_/);
    expect(res.body.token).not.toBe(integration.token);
    expect(res.body.prefix).toBe(res.body.token.slice(0, 8));
    expect(res.body.rotated_at).not.toBeNull();
    expect(Date.parse(res.body.previous_expires_at)).toBeLessThanOrEqual(Date.now());
    expect((await readCatalog(store, integration.token)).status).toBe(401);
    expect((await readCatalog(store, res.body.token)).status).toBe(200);
  });

  it("with an overlap both values work until previous_expires_at, then only the new one (also off the store's path)", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const res = await rotate(store, integration.id, 1);
    expect(Date.parse(res.body.previous_expires_at) - Date.parse(res.body.rotated_at)).toBe(1000);
    expect((await readCatalog(store, integration.token)).status).toBe(200);
    expect((await readCatalog(store, res.body.token)).status).toBe(200);
    await until(res.body.previous_expires_at);
    expect((await readCatalog(store, integration.token)).status).toBe(401);
    expect((await call("GET", "/me", { token: integration.token })).status).toBe(401);
    expect((await readCatalog(store, res.body.token)).status).toBe(200);
  });

  it("rotating again ends the previous value at once, whatever time it had left", async () => {
    const store = await newStore();
    const first = await newIntegration(store, ["products.read"]);
    const second = (await rotate(store, first.id, 604800)).body;
    expect((await readCatalog(store, first.token)).status).toBe(200);
    const third = (await rotate(store, first.id, 604800)).body;
    expect((await readCatalog(store, first.token)).status).toBe(401);
    expect((await readCatalog(store, second.token)).status).toBe(200);
    expect((await readCatalog(store, third.token)).status).toBe(200);
  });

  it("previous_expires_in must be a whole number of seconds in 0..604800", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    for (const bad of [-1, 604801, 1.5, "60"]) {
      const res = await call("POST", `/stores/${store.id}/integrations/${integration.id}/rotate`, {
        token: store.owner.jwt,
        body: { previous_expires_in: bad },
      });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body.errors[0].path).toBe("previous_expires_in");
    }
    expect((await readCatalog(store, integration.token)).status).toBe(200);
  });
});

describe("rotation_recommended: a removed member received a value that still works; a rotation clears it", () => {
  it("removing the creator flags it with a reason naming them; nothing stops; a rotation clears it", async () => {
    const store = await newStore();
    const creator = await addMember(store, ["integrations.manage", "products.read"]);
    const integration = await newIntegration(store, ["products.read"], creator.jwt);
    const other = await newIntegration(store, ["products.read"]);
    await removeMember(store, creator.id);
    const flagged = await call("GET", `/stores/${store.id}/integrations/${integration.id}`, { token: store.owner.jwt });
    expect(flagged.body.rotation_recommended).toBe(true);
    expect(flagged.body.rotation_recommended_reason).toContain(creator.email);
    expect((await call("GET", `/stores/${store.id}/integrations/${other.id}`, { token: store.owner.jwt })).body.rotation_recommended).toBe(false);
    expect((await readCatalog(store, integration.token)).status).toBe(200);
    const rotated = await rotate(store, integration.id);
    expect(rotated.body).toMatchObject({ rotation_recommended: false, rotation_recommended_reason: null });
  });

  it("a rotator who received the previous value: flagged while that value works, not once it has expired", async () => {
    const store = await newStore();
    const rotator = await addMember(store, ["integrations.manage", "products.read"]);
    const stillWorks = await newIntegration(store, ["products.read"]);
    const expired = await newIntegration(store, ["products.read"]);
    // The rotator receives a value, then the owner rotates it away: with an hour's overlap, and with none.
    await rotate(store, stillWorks.id, 0, rotator.jwt);
    await rotate(store, expired.id, 0, rotator.jwt);
    await rotate(store, stillWorks.id, 3600);
    await rotate(store, expired.id, 0);
    await removeMember(store, rotator.id);
    const get = (id: string) => call("GET", `/stores/${store.id}/integrations/${id}`, { token: store.owner.jwt });
    expect((await get(stillWorks.id)).body.rotation_recommended).toBe(true);
    expect((await get(expired.id)).body.rotation_recommended).toBe(false);
  });
});

describe("DELETE: every value of the integration is 401 from the next request", () => {
  it("the current and the overlapping previous value both stop; a second DELETE is 404", async () => {
    const store = await newStore();
    const integration = await newIntegration(store, ["products.read"]);
    const rotated = (await rotate(store, integration.id, 3600)).body;
    const del = await call("DELETE", `/stores/${store.id}/integrations/${integration.id}`, { token: store.owner.jwt });
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    for (const token of [integration.token, rotated.token]) {
      expect((await readCatalog(store, token)).status).toBe(401);
      expect((await call("GET", `/stores/${store.id}`, { token })).status).toBe(401);
      expect((await call("GET", "/me", { token })).status).toBe(401);
    }
    expect((await call("DELETE", `/stores/${store.id}/integrations/${integration.id}`, { token: store.owner.jwt })).status).toBe(404);
  });
});
