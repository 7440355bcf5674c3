// Webhook delivery: queue consumer and cron sweep (implemented by the webhooks issue).
export async function handleDeliveryBatch(batch: MessageBatch<string>, _env: Env, _ctx: ExecutionContext) {
  batch.ackAll();
}

export async function runDeliverySweep(_env: Env) {}
