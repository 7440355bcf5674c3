// Routes of the console (under /admin/). Signed-out visitors see sign-in; a signed-in user without a store
// creates one; everything else renders inside the shell for the current store.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useLocation } from "react-router";
import { Shell } from "./components/layout/shell";
import { PageHeader } from "./components/common/page-header";
import { ErrorMessage, Loading } from "./components/common/query-state";
import { useMe } from "./hooks/api/auth";
import { sessionStore, useSession } from "./lib/session";
import { Login } from "./routes/login/login";
import { Signup } from "./routes/signup/signup";
import { StoreCreate } from "./routes/stores/store-create/store-create";
import { ProductList } from "./routes/products/product-list/product-list";

// The products list is in the first bundle (it is the landing screen); the other screens load on demand.
const ProductCreate = lazy(() => import("./routes/products/product-create/product-create"));
const ProductDetail = lazy(() => import("./routes/products/product-detail/product-detail"));
const InventoryHistory = lazy(() => import("./routes/products/product-inventory-history/inventory-history"));
const InventoryList = lazy(() => import("./routes/inventory/inventory-list/inventory-list"));
const CollectionList = lazy(() => import("./routes/collections/collection-list/collection-list"));
const CollectionDetail = lazy(() => import("./routes/collections/collection-detail/collection-detail"));
const OrderList = lazy(() => import("./routes/orders/order-list/order-list"));
const OrderCreate = lazy(() => import("./routes/orders/order-create/order-create"));
const OrderDetail = lazy(() => import("./routes/orders/order-detail/order-detail"));
const CustomerList = lazy(() => import("./routes/customers/customer-list/customer-list"));
const CustomerDetail = lazy(() => import("./routes/customers/customer-detail/customer-detail"));
const WebhookList = lazy(() => import("./routes/webhooks/webhook-list/webhook-list"));
const WebhookDetail = lazy(() => import("./routes/webhooks/webhook-detail/webhook-detail"));
const StoreDeliveries = lazy(() => import("./routes/webhooks/store-deliveries/store-deliveries"));
const TokenList = lazy(() => import("./routes/api-tokens/token-list/token-list"));
const IntegrationList = lazy(() => import("./routes/integrations/integration-list/integration-list"));
const IntegrationDetail = lazy(() => import("./routes/integrations/integration-detail/integration-detail"));
const Team = lazy(() => import("./routes/team/team-list/team-list"));
const AuditLog = lazy(() => import("./routes/audit-log/audit-log"));
const EventLog = lazy(() => import("./routes/events/event-log"));
const Settings = lazy(() => import("./routes/settings/settings"));
const PriceListDetail = lazy(() => import("./routes/price-lists/price-list-detail/price-list-detail"));
const Join = lazy(() => import("./routes/join/join"));

function SignedIn() {
  const { session, storeId } = useSession();
  const location = useLocation();
  const me = useMe(Boolean(session));
  const stores = me.data?.stores ?? [];
  useEffect(() => {
    // Keep the chosen store if the user still belongs to it; otherwise the first one.
    if (!me.data) return;
    if (!stores.some((s) => s.id === storeId)) sessionStore.selectStore(stores[0]?.id ?? null);
  }, [me.data, storeId, stores]);

  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (me.error) return <ErrorMessage error={me.error} />;
  if (!me.data) return <Loading />;
  if (stores.length === 0) return <StoreCreate first />;
  if (!storeId || !stores.some((s) => s.id === storeId)) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<Shell stores={stores} />}>
          <Route index element={<Navigate to="/products" replace />} />
          <Route path="stores/new" element={<StoreCreate />} />
          <Route path="products" element={<ProductList />} />
          <Route path="products/new" element={<ProductCreate />} />
          <Route path="products/:id" element={<ProductDetail />} />
          <Route path="products/:id/inventory-history" element={<InventoryHistory />} />
          <Route path="inventory" element={<InventoryList />} />
          <Route path="collections" element={<CollectionList />} />
          <Route path="collections/:id" element={<CollectionDetail />} />
          <Route path="orders" element={<OrderList />} />
          <Route path="orders/new" element={<OrderCreate />} />
          <Route path="orders/:id" element={<OrderDetail />} />
          <Route path="customers" element={<CustomerList />} />
          <Route path="customers/:id" element={<CustomerDetail />} />
          <Route path="webhooks" element={<WebhookList />} />
          <Route path="webhooks/deliveries" element={<StoreDeliveries />} />
          <Route path="webhooks/:id" element={<WebhookDetail />} />
          <Route path="webhooks/:id/deliveries/:deliveryId" element={<WebhookDetail />} />
          <Route path="api-tokens" element={<TokenList />} />
          <Route path="integrations" element={<IntegrationList />} />
          <Route path="integrations/:id" element={<IntegrationDetail />} />
          <Route path="team" element={<Team />} />
          <Route path="audit-log" element={<AuditLog />} />
          <Route path="events" element={<EventLog />} />
          <Route path="settings" element={<Settings />} />
          <Route path="settings/price-lists/:id" element={<PriceListDetail />} />
          <Route path="*" element={<PageHeader title="Page not found" />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

/** The whole console under one catch-all route of a data router: the unsaved-changes guard needs `useBlocker`. */
function Root() {
  const { session, waking } = useSession();
  const queryClient = useQueryClient();
  // Signed out (here or in another tab): nothing the last user could read stays in memory.
  useEffect(() => {
    if (!session) queryClient.clear();
  }, [session, queryClient]);
  // A new tab asks the open ones for their session before deciding it is signed out (lib/session.ts).
  if (waking) return <Loading label="Signing in…" />;
  return (
    <Routes>
      <Route path="login" element={<Login />} />
      <Route path="signup" element={<Signup />} />
      <Route
        path="join"
        element={
          <Suspense fallback={<Loading />}>
            <Join />
          </Suspense>
        }
      />
      <Route path="*" element={<SignedIn />} />
    </Routes>
  );
}

const router = createBrowserRouter([{ path: "*", element: <Root /> }], { basename: "/admin" });

export function App() {
  return <RouterProvider router={router} />;
}
