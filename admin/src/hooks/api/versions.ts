// The API's versions (GET /versions, public; docs/api-versions.md): what a credential or a webhook subscription can be
// pinned to, oldest first.
import { useQuery } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, unwrap } from "../../lib/client";

export type ApiVersion = components["schemas"]["ApiVersion"];

export function useApiVersions() {
  return useQuery({
    queryKey: ["versions"],
    queryFn: () => unwrap(client.GET("/versions")),
    staleTime: Infinity,
  });
}
