// Webhook URL rules (docs/api/08-webhooks.md): absolute http(s); a deployment refuses plain http, loopback, private,
// link-local and metadata hosts and credentials; local development accepts http://127.0.0.1.
import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "../../src/webhooks/url-rules";

const production = { allowPrivate: false };
const development = { allowPrivate: true };

describe("URL rules in production", () => {
  it.each([
    "https://example.com/hooks",
    "https://hooks.example.com:8443/a?b=c",
    "https://93.184.216.34/hook",
    "https://[2606:2800:220:1:248:1893:25c8:1946]/hook",
    "https://[2002:5db8:d822::1]/hook", // 6to4 of 93.184.216.34, a public address
    "https://[::5db8:d822]/hook", // IPv4-compatible form of the same public address
  ])("accepts %s", (url) => expect(webhookUrlProblem(url, production)).toBeNull());

  it.each([
    ["http://example.com/hook", /https/],
    ["https://localhost/hook", /local/],
    ["https://api.localhost/hook", /local/],
    ["https://127.0.0.1/hook", /private/],
    ["https://127.1/hook", /private/],
    ["https://2130706433/hook", /private/],
    ["https://0x7f000001/hook", /private/],
    ["https://10.1.2.3/hook", /private/],
    ["https://172.16.0.1/hook", /private/],
    ["https://192.168.1.10/hook", /private/],
    ["https://169.254.169.254/latest/meta-data", /private/],
    ["https://100.64.0.1/hook", /private/],
    ["https://0.0.0.0/hook", /private/],
    ["https://[::1]/hook", /private/],
    ["https://[fe80::1]/hook", /private/],
    ["https://[fd00::1]/hook", /private/],
    ["https://[::ffff:127.0.0.1]/hook", /private/],
    // docs/api/13-security.md: IPv4-compatible and 6to4 spellings of private addresses are refused like the plain ones.
    ["https://[::7f00:1]/hook", /private/],
    ["https://[::127.0.0.1]/hook", /private/],
    ["https://[::a00:1]/hook", /private/],
    ["https://[::169.254.169.254]/hook", /private/],
    ["https://[2002:7f00:1::]/hook", /private/],
    ["https://[2002:a00:1::1]/hook", /private/],
    ["https://[2002:c0a8:101::1]/hook", /private/],
    ["https://[2002:a9fe:a9fe::]/hook", /private/],
    ["https://[::ffff:0:127.0.0.1]/hook", /private/],
    ["https://[64:ff9b::a00:1]/hook", /private/],
    ["https://metadata.google.internal/computeMetadata/v1", /internal/],
    ["https://user:pass@example.com/hook", /credentials/],
    ["ftp://example.com/hook", /http/],
    ["/relative/path", /absolute/],
    ["not a url", /absolute/],
  ])("refuses %s", (url, reason) => expect(webhookUrlProblem(url, production)).toMatch(reason));
});

describe("URL rules in local development", () => {
  it.each(["http://127.0.0.1:9100/hook", "http://localhost:8080/hook", "https://example.com/hook"])("accepts %s", (url) =>
    expect(webhookUrlProblem(url, development)).toBeNull(),
  );

  it.each(["ftp://127.0.0.1/hook", "http://user:secret@127.0.0.1/hook", "127.0.0.1:9100"])("still refuses %s", (url) =>
    expect(webhookUrlProblem(url, development)).not.toBeNull(),
  );
});
