-- Bits 17 integrations.read, 18 integrations.manage and 19 store.manage (docs: README "Permissions"). The owner's
-- mask is every defined bit, so existing owners gain the three new bits; members keep what they were given.
UPDATE `memberships` SET `permissions` = '2305843009214742527' WHERE `role` = 'owner';
