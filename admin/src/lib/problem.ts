// API failures as values the screens can show: the problem+json body of docs/api/02-errors.md, as the client package's
// `ApiProblem` (one class for every client of the API; its `code` is the OpenAPI document's enum).
import { ApiProblem } from "../../../client/src/problem";
import type { components } from "./api-schema";

export { ApiProblem };
export type { FieldError } from "../../../client/src/problem";

type Problem = components["schemas"]["Problem"];
const isProblem = (body: unknown): body is Problem => typeof body === "object" && body !== null && "code" in body;

/** The problem of a failed response whose body openapi-fetch has already read (anything but problem+json: `http_<status>`). */
export const toProblem = (response: Response, body: unknown) => new ApiProblem(response.status, isProblem(body) ? body : undefined, response.headers);

/** A field the console refuses before sending, shown exactly as the API's own 422 for that field would be. */
export const localProblem = (path: string, message: string) => localProblems([{ path, message }]);

/** Several fields refused before sending (custom fields: each at `fields.<key>`), as one 422. */
export const localProblems = (errors: Array<{ path: string; message: string }>) =>
  new ApiProblem(422, {
    code: "validation_failed",
    title: "Validation failed",
    detail: errors.length === 1 ? errors[0].message : errors.map((e) => `${e.path}: ${e.message}`).join("; "),
    errors,
  });

/** What a screen says about a failure: a 403 names the permission that is missing. */
export function describeProblem(error: unknown): string {
  if (error instanceof ApiProblem) {
    if (error.status === 403 && error.missingPermission) {
      return `You need the "${error.missingPermission}" permission for this.`;
    }
    return error.detail || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export const fieldError = (error: unknown, path: string) => (error instanceof ApiProblem ? error.fieldError(path) : undefined);
