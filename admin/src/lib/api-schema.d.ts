// The console's API types are the client package's (one generator, one drift check: `npm run api:types`).
export type * from "../../../client/src/generated/schema";
