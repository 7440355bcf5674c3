// One delivery: its event (id and, for a store event, its sequence), the exact payload sent and every attempt
// (status, body, duration, error), with "Replay".
import { useNavigate } from "react-router";
import { ErrorMessage, QueryState } from "../../../../components/common/query-state";
import { useDelivery, useReplayDelivery } from "../../../../hooks/api/webhooks";
import { formatDate, formatDateTimeSeconds, formatGap, useDisplay } from "../../../../lib/format";

function prettyJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function DeliveryDetail({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) {
  useDisplay();
  const delivery = useDelivery(webhookId, deliveryId);
  const replay = useReplayDelivery(webhookId);
  const navigate = useNavigate();
  return (
    <section className="card delivery" aria-labelledby="delivery-heading">
      <QueryState query={delivery}>
        {(d) => (
          <>
            <h2 id="delivery-heading">
              Delivery of {d.event} <span className={`badge ${d.status}`}>{d.status}</span>
            </h2>
            <p>
              Event id <code>{d.event_id}</code>
              {d.sequence !== null && <>, sequence {d.sequence} in the store's event log</>}, created {formatDate(d.created_at)}
            </p>
            <button
              type="button"
              className="primary"
              disabled={replay.isPending}
              onClick={() =>
                replay.mutate(d.id, {
                  onSuccess: (created) => {
                    const next = (created as { id?: string } | undefined)?.id;
                    if (next) navigate(`/webhooks/${webhookId}/deliveries/${next}`);
                  },
                })
              }
            >
              Replay
            </button>
            {replay.isSuccess && <p role="status">Replayed: a new delivery of the same body was queued.</p>}
            <ErrorMessage error={replay.error} />
            <h3>Payload</h3>
            <pre className="code" tabIndex={0} role="region" aria-label="Payload">
              {prettyJson(d.payload)}
            </pre>
            <h3>Attempts</h3>
            {d.attempts.length === 0 && <p className="empty">No attempt yet.</p>}
            <ol className="attempts">
              {d.attempts.map((a, i) => (
                <li key={a.attempt}>
                  <h4>Attempt {a.attempt}</h4>
                  <dl>
                    <dt>Started</dt>
                    <dd>
                      <time dateTime={a.started_at}>{formatDateTimeSeconds(a.started_at)}</time>
                      {i > 0 && (
                        <span className="gap">
                          {" "}
                          ({formatGap(d.attempts[i - 1].started_at, a.started_at)} after attempt {d.attempts[i - 1].attempt})
                        </span>
                      )}
                    </dd>
                    <dt>Response status</dt>
                    <dd>{a.response_status ?? "none"}</dd>
                    <dt>Duration</dt>
                    <dd>{a.duration_ms} ms</dd>
                    <dt>Error</dt>
                    <dd>{a.error ?? "none"}</dd>
                    <dt>Response body</dt>
                    <dd>
                      <pre className="code" tabIndex={0} role="region" aria-label={`Response body of attempt ${a.attempt}`}>
                        {a.response_body ?? ""}
                      </pre>
                    </dd>
                  </dl>
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryState>
    </section>
  );
}
