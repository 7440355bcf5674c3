CREATE TABLE `product_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`author_name` text NOT NULL,
	`rating` integer NOT NULL,
	`title` text,
	`body` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_reviews_product_idx` ON `product_reviews` (`product_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `product_specs` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`group` text,
	`key` text NOT NULL,
	`value` text NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_specs_product_idx` ON `product_specs` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`title` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sku` text,
	`sku_lower` text,
	`price_cents` integer NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	`fulfillment_mode` text DEFAULT 'stocked' NOT NULL,
	`option_values` text DEFAULT '[]' NOT NULL,
	`option_key` text NOT NULL,
	`box_length_mm` integer,
	`box_width_mm` integer,
	`box_height_mm` integer,
	`box_weight_g` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_variants_stock_check" CHECK("product_variants"."stock" >= 0),
	CONSTRAINT "product_variants_price_check" CHECK("product_variants"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_store_sku_idx` ON `product_variants` (`store_id`,`sku_lower`);--> statement-breakpoint
CREATE UNIQUE INDEX `product_variants_options_idx` ON `product_variants` (`product_id`,`option_key`);--> statement-breakpoint
CREATE INDEX `product_variants_product_idx` ON `product_variants` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`slug` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`brand` text,
	`product_type` text NOT NULL,
	`status` text NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`highlight_video_url` text,
	`highlight_video_poster_url` text,
	`highlight_video_provider` text,
	`review_count` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	`published_at` text,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_store_slug_idx` ON `products` (`store_id`,`slug`);--> statement-breakpoint
CREATE INDEX `products_store_updated_idx` ON `products` (`store_id`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_store_status_updated_idx` ON `products` (`store_id`,`status`,`updated_at`,`id`);--> statement-breakpoint
CREATE TABLE `store_catalog_stats` (
	`store_id` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`live` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `commerce_guards` (
	`ok` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`email` text NOT NULL,
	`email_lower` text NOT NULL,
	`name` text,
	`phone` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_store_email_idx` ON `customers` (`store_id`,`email_lower`);--> statement-breakpoint
CREATE INDEX `customers_store_created_idx` ON `customers` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`variant_id` text NOT NULL,
	`product_id` text NOT NULL,
	`title` text NOT NULL,
	`sku` text,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer NOT NULL,
	`fulfillment_mode` text NOT NULL,
	`reserved_quantity` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "order_lines_stocked_reserved" CHECK("order_lines"."fulfillment_mode" <> 'stocked' OR "order_lines"."reserved_quantity" = "order_lines"."quantity")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`,`position`);--> statement-breakpoint
CREATE INDEX `order_lines_variant_idx` ON `order_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`customer_id` text,
	`email` text NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`total_cents` integer NOT NULL,
	`refunded_cents` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `orders_store_created_idx` ON `orders` (`store_id`,`created_at`,`id`);