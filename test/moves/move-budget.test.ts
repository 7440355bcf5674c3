// A move's live copy spends its target database's write budget like any write (docs/scale.md section 7.4): while
// the store is live and the target's budget is spent, a copy step copies nothing and runs again a window later; the
// pause is never held back by the budget (that would lengthen the store's pause), and the move ends done.
import { describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { catalogStore } from "../products/fixtures";
import { runMoveStep } from "../../src/moves/job";
import { refusing } from "../helpers/write-lanes";
import { drive, jobEnv, keptQueue, moveRow, otherShard, startMove } from "./support";

// The database's burst lane: a move's copy steps spend only that.
const spent = { DATABASE_WRITE_RATE_LIMITER: refusing, RATE_LIMIT_DATABASE_WRITES: "100" };

describe("a move's copy steps spend the target database's write budget while the store is live", () => {
  it("refused: the step waits a window and copies nothing; the pause is not held back by a spent budget; the move ends done", async () => {
    const store = await catalogStore();
    for (let i = 0; i < 3; i++) {
      expect((await call("POST", store.path(), { token: store.token, body: { title: `Lamp ${i}`, product_type: "single" } })).status).toBe(201);
    }
    const q = keptQueue();
    const started = await startMove(store.id, await otherShard(store.id), q);
    expect(started.status).toBe(202);
    const moveId = started.body.id;
    const copying = await drive(moveId, q, { stop: (m) => m.state === "copying" && m.step.startsWith("copy:") });
    expect(copying.step).toMatch(/^copy:/);
    const before = Date.now();
    await runMoveStep(jobEnv(q, spent), q.sent.shift()!);
    const waited = (await moveRow(moveId))!;
    expect({ state: waited.state, step: waited.step, cursor: waited.cursor, rows_copied: waited.rows_copied }).toEqual({
      state: copying.state,
      step: copying.step,
      cursor: copying.cursor,
      rows_copied: copying.rows_copied,
    });
    expect(Date.parse(waited.due_at!) - before).toBeGreaterThanOrEqual(9_000);
    expect(q.sent).toHaveLength(1);
    // Live copying goes on once admitted; the pause step does not ask the budget.
    const beforePause = await drive(moveId, q, { stop: (m) => m.step === "pause" });
    expect(beforePause.state).toBe("verifying");
    const done = await drive(moveId, q, { overrides: spent });
    expect(done.state).toBe("done");
  });
});
