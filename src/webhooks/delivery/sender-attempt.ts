// What the sender's attempts need (./subscription-sender.ts): the store's database, the delivery budget, the attempt
// itself. The sender loads this module on its first attempt, so that a Worker starting for a request (which never
// sends) does not build the database layer at startup (issue 50, docs/performance.md "The weight budget").
export { forgetPlacement, legacyStoreDb, storeDb } from "../../placement/store-db";
export { runAttempt } from "./run-attempt";
export { shardNameOf, spendDeliveryWrite } from "../../access/write-budget";
