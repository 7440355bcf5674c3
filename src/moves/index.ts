// Moving a store between store databases (docs/scale.md section 4): the job, its queue consumer and cron sweep.
export { type MoveMessage, failMove, runMoveStep } from "./job";
export { handleMoveBatch, runMoveSweep } from "./queue";
export { type MoveRow, readMove, sendStep } from "./moves-table";
