-- Contract (issue 50, storage; docs/performance.md "Bytes per product"): 0021's `product_variants_store_price_idx`
-- (store_id, price_cents, product_id) is a leading prefix of 0024's `product_variants_store_price_product_idx`
-- (store_id, price_cents, product_id, product_status, product_updated_at): every lookup or range the shorter one
-- served, the longer one serves with the same seek, and covers more. Each variant paid for both (84 bytes an entry,
-- written on every price change). Nothing names the shorter one (test/products/list-plans.test.ts checks the plans).
DROP INDEX IF EXISTS `product_variants_store_price_idx`;
