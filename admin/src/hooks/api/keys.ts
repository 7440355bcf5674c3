// Query-key factories: one per resource, scoped by store, so a mutation invalidates exactly its resource's list
// and detail keys (Medusa's dashboard does the same per resource).
export function queryKeysFactory<const R extends string>(resource: R) {
  const all = (storeId: string) => [resource, storeId] as const;
  return {
    all,
    lists: (storeId: string) => [...all(storeId), "list"] as const,
    list: (storeId: string, query: object = {}) => [...all(storeId), "list", query] as const,
    details: (storeId: string) => [...all(storeId), "detail"] as const,
    detail: (storeId: string, id: string, query: object = {}) => [...all(storeId), "detail", id, query] as const,
  };
}
