// Authorization matrix rows of the events log (docs/api/22-event-log.md). The routes are "member": no bit of their own,
// each event needs its read bit (test/webhooks/event-log.test.ts checks those per event). A member without bits lists an
// empty log (200); one event is read by id: an id the store has no event for answers 404 to every member (its own
// 403 without the event's read bit is checked in log.test.ts). Run by test/security/authorization-matrix.test.ts.
import { type MatrixRows, matrixRow } from "../helpers/auth-matrix";

export const eventRows: MatrixRows = {
  listEvents: matrixRow({ path: "/stores/{store_id}/events", expectAllowed: 200 }),
  getEvent: matrixRow({ path: (storeId) => `/stores/${storeId}/events/0190b0c0-0000-7000-8000-000000000000`, expectAllowed: 404 }),
};
