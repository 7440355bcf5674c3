// Orders: the source of the orders.created, orders.updated and orders.refunded events.
export { registerOrderRoutes } from "./orders.routes";
