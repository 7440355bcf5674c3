// Inventory at locations: the levels (GET /inventory, cursor paged, filtered by location and low stock), the ledger
// (GET /inventory/ledger, cursor paged, newest first), and the two writes: an adjustment (one change, with a reason
// and a reference) and a transfer (one variant between two locations). A write changes the product's variants
// (`inventory`, `stock`), the levels and the ledger: all three are invalidated.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { components, paths } from "../../lib/api-schema";
import { client, currentStoreId, unwrap } from "../../lib/client";
import { queryKeysFactory } from "./keys";
import { productKeys } from "./products";

/** Levels under `[inventory, store, "list", …]`, the ledger under `[inventory, store, "ledger", …]`. */
export const inventoryKeys = queryKeysFactory("inventory");
export const ledgerKey = (storeId: string, query: object) => [...inventoryKeys.all(storeId), "ledger", query] as const;

export type InventoryLevel = components["schemas"]["InventoryLevel"];
export type LedgerEntry = components["schemas"]["InventoryLedgerEntry"];
export type AdjustmentReason = components["schemas"]["InventoryAdjustmentRequest"]["reason"];
export type LedgerReason = LedgerEntry["reason"];

export const INVENTORY_PAGE_SIZE = 50;
export const LEDGER_PAGE_SIZE = 50;

type LevelsParams = NonNullable<paths["/stores/{store_id}/inventory"]["get"]["parameters"]["query"]>;
type LedgerParams = NonNullable<paths["/stores/{store_id}/inventory/ledger"]["get"]["parameters"]["query"]>;

export interface LevelsQuery {
  locationId?: string;
  /** Low stock: levels whose available is below this. */
  availableBelow?: number;
  cursor: string | null;
}

/** A page of levels (only levels that exist: a variant never stocked at a location has none). */
export function useInventoryLevels(query: LevelsQuery) {
  const storeId = currentStoreId();
  const params: LevelsParams = {
    limit: INVENTORY_PAGE_SIZE,
    cursor: query.cursor ?? undefined,
    location_id: query.locationId || undefined,
    available_below: query.availableBelow,
  };
  return useQuery({
    queryKey: inventoryKeys.list(storeId, params),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/inventory", { params: { path: { store_id: storeId }, query: params } })),
    placeholderData: keepPreviousData,
  });
}

export interface LedgerQuery {
  variantId?: string;
  locationId?: string;
  reason?: string;
  cursor: string | null;
}

/** A page of ledger entries, newest first. */
export function useLedger(query: LedgerQuery, enabled = true) {
  const storeId = currentStoreId();
  const params: LedgerParams = {
    limit: LEDGER_PAGE_SIZE,
    cursor: query.cursor ?? undefined,
    variant_id: query.variantId || undefined,
    location_id: query.locationId || undefined,
    reason: (query.reason || undefined) as LedgerParams["reason"],
  };
  return useQuery({
    queryKey: ledgerKey(storeId, params),
    queryFn: () => unwrap(client.GET("/stores/{store_id}/inventory/ledger", { params: { path: { store_id: storeId }, query: params } })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** After a write: the product's variants, every level list and the ledger. */
function useInvalidateStock() {
  const queryClient = useQueryClient();
  return (productId: string) => {
    const storeId = currentStoreId();
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.detail(storeId, productId) }),
      queryClient.invalidateQueries({ queryKey: productKeys.lists(storeId) }),
      queryClient.invalidateQueries({ queryKey: inventoryKeys.all(storeId) }),
    ]);
  };
}

export type AdjustmentRequest = components["schemas"]["InventoryAdjustmentRequest"];
export type TransferRequest = components["schemas"]["InventoryTransferRequest"];

export function useAdjustInventory(productId: string) {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (body: AdjustmentRequest) =>
      unwrap(client.POST("/stores/{store_id}/inventory/adjustments", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: () => invalidate(productId),
  });
}

export function useTransferInventory(productId: string) {
  const invalidate = useInvalidateStock();
  return useMutation({
    mutationFn: (body: TransferRequest) =>
      unwrap(client.POST("/stores/{store_id}/inventory/transfers", { params: { path: { store_id: currentStoreId() } }, body })),
    onSuccess: () => invalidate(productId),
  });
}
