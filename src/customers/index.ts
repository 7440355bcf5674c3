// Customers: the source of the customers.created and customers.updated events.
export { registerCustomerRoutes } from "./customers.routes";
