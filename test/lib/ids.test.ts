import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "../../src/lib/ids";

describe("identifiers are UUIDv7, ordered by creation even within one millisecond", () => {
  it("keeps creation order for ids made in the same millisecond", () => {
    const now = Date.now();
    const ids = Array.from({ length: 5000 }, () => uuidv7(now));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("has the version 7 and RFC variant bits and the millisecond timestamp", () => {
    const now = Date.UTC(2030, 0, 1);
    const id = uuidv7(now);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBeGreaterThanOrEqual(now);
  });
});
