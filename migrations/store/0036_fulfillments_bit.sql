-- Bit 24 fulfillments.write (docs/api/25-shipments.md "Permissions"): owners hold every defined bit, so existing
-- owners gain it: bits 0..24 and 61 = 2^61 + 2^25 - 1.
UPDATE `memberships` SET `permissions` = '2305843009247248383' WHERE `role` = 'owner';
