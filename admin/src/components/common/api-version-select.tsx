// The combobox "API version": the versions the API serves (GET /versions, oldest first), each said with its status
// ("2026-12-07 (current)", "2026-11-27 (deprecated, until 27 Nov 2027)"); a pinned version the list no longer has
// stays offered. What a credential's requests (or a subscription's deliveries) are served in when no Api-Version
// header says otherwise (docs/api-versions.md). Register it as any select:
//
//   <ApiVersionSelect {...form.register("api_version")} current={integration.api_version} />
import type { ComponentPropsWithRef } from "react";
import { type ApiVersion, useApiVersions } from "../../hooks/api/versions";
import { formatDate } from "../../lib/format";
import { type OptionList, SelectField } from "./field";

/** A version in words: its date and, unless merely supported, its status. */
export function versionWords(v: ApiVersion): string {
  if (v.status === "current") return `${v.version} (current)`;
  if (v.status === "deprecated") return v.sunset_at ? `${v.version} (deprecated, until ${formatDate(v.sunset_at)})` : `${v.version} (deprecated)`;
  return v.version;
}

export function ApiVersionSelect(props: ComponentPropsWithRef<"select"> & { current: string; hint?: string }) {
  const { current, hint, ...select } = props;
  const versions = useApiVersions();
  const listed = versions.data?.data ?? [];
  const options: OptionList = [
    ...(listed.some((v) => v.version === current) ? [] : [[current, current] as const]),
    ...listed.map((v) => [v.version, versionWords(v)] as const),
  ];
  return (
    <SelectField
      label="API version"
      options={options}
      aria-busy={versions.isPending || undefined}
      hint={hint ?? "Requests without an Api-Version header are served in this version."}
      {...select}
    />
  );
}
