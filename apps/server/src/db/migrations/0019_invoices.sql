ALTER TABLE "tenants" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "tax_number" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_account_owner" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_iban" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_bic" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "bank_name" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_exemption_reason" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer_tax_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "issuer_vat_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_date_from" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "service_date_till" date;