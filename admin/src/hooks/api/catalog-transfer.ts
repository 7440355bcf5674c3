// The catalog as CSV: the export (downloaded as a file) and imports (started with a file, then polled until they
// finish). Imports change products in the background: the product lists are refreshed when one ends.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { productKeys } from "./products";

export type ProductImport = components["schemas"]["ProductImport"];

export type CatalogFormat = "native" | "shopify";

/**
 * Fetches export.csv through the client (the session, and a 401 ends it) and hands it to the browser as a download:
 * this service's layout (`products.csv`) or Shopify's product CSV (`products-shopify.csv`).
 */
export function useExportCatalog() {
  return useMutation({
    mutationFn: async (format: CatalogFormat = "native") => {
      const csv = await unwrap(
        client.GET("/stores/{store_id}/products/export.csv", {
          params: { path: { store_id: currentStoreId() }, query: format === "shopify" ? { format } : {} },
          parseAs: "blob",
        }),
      );
      const url = URL.createObjectURL(csv);
      const link = document.createElement("a");
      link.href = url;
      link.download = format === "shopify" ? "products-shopify.csv" : "products.csv";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

export function useStartImport() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return unwrap(
        client.POST("/stores/{store_id}/imports", {
          params: { path: { store_id: currentStoreId() } },
          body: form as never,
          bodySerializer: (body: unknown) => body as FormData,
        }),
      );
    },
  });
}

const finished = (state?: string) => state === "done" || state === "failed";

/** The import's progress, polled every second until it is done or failed. */
export function useImport(id: string | null) {
  const storeId = currentStoreId();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ["imports", storeId, id],
    enabled: id !== null,
    queryFn: async () => {
      const result = await unwrap(client.GET("/stores/{store_id}/imports/{id}", { params: { path: { store_id: storeId, id: id! } } }));
      if (finished(result.state)) void queryClient.invalidateQueries({ queryKey: productKeys.lists(storeId) });
      return result;
    },
    refetchInterval: (query) => (finished(query.state.data?.state) ? false : 1000),
  });
}
