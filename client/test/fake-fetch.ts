// A scripted fetch for the client's tests: each call takes the next answer (a Response, or an Error to throw as a
// network failure), and every request is recorded with its method, URL, headers and body.
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

export type Answer = Response | Error | ((sent: Sent) => Response | Error);

export function fakeFetch(answers: Answer[]) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: Sent = {
      method: init.method ?? "GET",
      url: new URL(String(input)),
      headers: new Headers(init.headers),
      body: typeof init.body === "string" ? init.body : undefined,
    };
    sent.push(request);
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    const answer = typeof next === "function" ? next(request) : next;
    if (answer instanceof Error) throw answer;
    return answer.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const problem = (status: number, code: string, headers: Record<string, string> = {}, extra: object = {}) =>
  new Response(
    JSON.stringify({ type: "about:blank", title: code, status, code, detail: `${code} happened`, request_id: "req-1", ...extra }),
    { status, headers: { "Content-Type": "application/problem+json", ...headers } },
  );

/** A sleep that records the waits instead of waiting. */
export function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}
