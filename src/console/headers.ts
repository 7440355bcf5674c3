// Security headers of the pages a browser renders (the console and /docs): no inline scripts, no framing,
// nothing loaded from another origin. API responses (JSON, problem+json) do not need them.

const BASE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React and the reference page set style attributes; inline styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  // Product media is served by this Worker; a merchant's highlight video or poster may live elsewhere.
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy": BASE_POLICY,
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** A copy of `response` (asset responses have immutable headers) with the page security headers set. */
export function withPageHeaders(response: Response, extra: Record<string, string> = {}): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries({ ...PAGE_SECURITY_HEADERS, ...extra })) copy.headers.set(name, value);
  return copy;
}
