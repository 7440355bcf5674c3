CREATE TABLE `product_images` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`product_id` text NOT NULL,
	`media_type` text NOT NULL,
	`media_file_id` text,
	`url` text,
	`poster_url` text,
	`provider` text,
	`alt` text,
	`position` integer NOT NULL,
	`is_primary` integer NOT NULL,
	`product_variant_id` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`media_file_id`) REFERENCES `media_files`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_variant_id`) REFERENCES `product_variants`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_images_product_idx` ON `product_images` (`product_id`,`position`);--> statement-breakpoint
CREATE INDEX `product_images_variant_idx` ON `product_images` (`product_variant_id`);