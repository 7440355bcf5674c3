// Prices in several currencies: customer groups, price lists and their prices, resolution and history
// (docs/pricing.md).
export { registerPricingRoutes } from "./pricing.routes";
