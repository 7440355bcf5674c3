// API failures as values the screens can show: the problem+json body of API.md section 2.
export interface FieldError {
  path: string;
  message: string;
}

export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    readonly missingPermission?: string,
  ) {
    super(detail);
  }

  /** The message of the field at `path` (errors[].path), if the API named it. */
  fieldError(path: string): string | undefined {
    return this.errors.find((e) => e.path === path)?.message;
  }
}

export async function toProblem(response: Response, body: unknown): Promise<ApiProblem> {
  const problem = (body ?? {}) as Partial<{
    code: string;
    detail: string;
    title: string;
    errors: FieldError[];
    missing_permission: string;
  }>;
  return new ApiProblem(
    response.status,
    problem.code ?? "unknown",
    problem.detail ?? problem.title ?? `The server answered ${response.status}`,
    problem.errors ?? [],
    problem.missing_permission,
  );
}

/** What a screen says about a failure: a 403 names the permission that is missing. */
export function describeProblem(error: unknown): string {
  if (error instanceof ApiProblem) {
    if (error.status === 403 && error.missingPermission) {
      return `You need the "${error.missingPermission}" permission for this.`;
    }
    return error.detail;
  }
  return error instanceof Error ? error.message : String(error);
}

export const fieldError = (error: unknown, path: string) =>
  error instanceof ApiProblem ? error.fieldError(path) : undefined;
