// When a request is sent again, and after how long. The API changed nothing on a 429 (a budget is spent), a 503 (a
// paused store during a move, an overloaded database) or a 409 `request_in_progress` (the same Idempotency-Key is
// still running), so those are retried for every method, waiting Retry-After when the answer gives one. After a
// network error the request may have been applied: it is sent again only when that is safe (a read, a PUT or DELETE,
// or a POST carrying an Idempotency-Key, which the API answers from its first run).
import type { ApiProblem } from "./problem.js";

export interface RetryOptions {
  /** Attempts in all, the first included (default 4; 1 turns retries off). */
  maxAttempts?: number;
  /** The first backoff when no Retry-After is given, doubled per attempt (default 500 ms). */
  baseDelayMs?: number;
  /** The cap on one backoff without Retry-After (default 8 s). */
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the problem is thrown at once (default 60 s). */
  maxRetryAfterMs?: number;
  /** How to wait (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /** 0..1 jitter source (tests pass a fixed one). */
  random?: () => number;
}

export type RetryPolicy = Required<RetryOptions>;

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    maxAttempts: Math.max(1, options.maxAttempts ?? 4),
    baseDelayMs: options.baseDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 8_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };
}

/** Exponential backoff with a cap, half of it jittered so that many clients do not retry in step. */
export function backoff(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** Whether a request that failed without an answer may be sent again. */
export const resendableAfterNetworkError = (method: string, hasIdempotencyKey: boolean) => SAFE_METHODS.has(method) || (method === "POST" && hasIdempotencyKey);

/**
 * How long to wait before retrying after `problem`, or undefined when it is not retried: not a retryable answer,
 * or a Retry-After beyond the policy's limit.
 */
export function delayAfterProblem(policy: RetryPolicy, problem: ApiProblem, attempt: number, hasIdempotencyKey: boolean): number | undefined {
  const retryable = problem.status === 429 || problem.status === 503 || (problem.status === 409 && problem.code === "request_in_progress" && hasIdempotencyKey);
  if (!retryable) return undefined;
  if (problem.retryAfter === undefined) return backoff(policy, attempt);
  const wait = problem.retryAfter * 1000;
  return wait <= policy.maxRetryAfterMs ? wait : undefined;
}
