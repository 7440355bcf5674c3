// scripts/lib/api-budget.mjs: a job starts only when its reservation fits what the window already holds, so the
// requests made in any window never pass the budget (a fake clock; the real pacing is in ./migrate-all.test.mjs).
import { describe, expect, it } from "vitest";
import { ApiBudget } from "../../scripts/lib/api-budget.mjs";

describe("the API budget counts running reservations and finished jobs' requests within the window", () => {
  it("refuses past the budget, frees a finished job's requests one window after it ended, and never counts more than reserved", () => {
    let now = 0;
    const budget = new ApiBudget(10, 1000, [], () => now);
    const a = budget.reserve(6);
    expect(budget.waitFor(4)).toBe(0);
    expect(budget.waitFor(5)).toBeNull(); // only a's end can make room
    expect(budget.waitFor(11)).toBe(Infinity);
    now = 200;
    budget.settle(a, 9); // made more than reserved: counted as reserved
    expect(budget.used()).toBe(6);
    expect(budget.waitFor(5)).toBe(1001); // a's requests leave the window at 1200
    now = 1200;
    expect(budget.used()).toBe(0);
    expect(budget.waitFor(10)).toBe(0);
  });

  it("starts from what an earlier run spent (the state file's list), and keeps that list up to date in place", () => {
    let now = 5000;
    const spent = [
      { at: 4500, requests: 8 },
      { at: 3000, requests: 50 },
    ];
    const budget = new ApiBudget(10, 1000, spent, () => now);
    expect(budget.used()).toBe(8);
    expect(spent).toEqual([{ at: 4500, requests: 8 }]);
    budget.settle(budget.reserve(2), 2);
    expect(spent).toHaveLength(2);
    now = 5600;
    expect(budget.used()).toBe(2);
  });
});
