CREATE TABLE "simulation_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"simulation_id" uuid NOT NULL,
	"run_id" uuid,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulation_log" (
	"run_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"t" double precision NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulation_log_run_id_seq_pk" PRIMARY KEY("run_id","seq")
);
--> statement-breakpoint
CREATE TABLE "simulation_result_fields" (
	"run_id" uuid NOT NULL,
	"name" text NOT NULL,
	"meta" jsonb NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "simulation_result_fields_run_id_name_pk" PRIMARY KEY("run_id","name")
);
--> statement-breakpoint
CREATE TABLE "simulation_results" (
	"run_id" uuid PRIMARY KEY NOT NULL,
	"summary" jsonb NOT NULL,
	"series" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"simulation_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"parameters" jsonb NOT NULL,
	"type" text NOT NULL,
	"solver_version" text,
	"job_id" text,
	"worker" text,
	"heartbeat_at" timestamp with time zone,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"duration_seconds" double precision,
	"summary" jsonb,
	"error" jsonb
);
--> statement-breakpoint
CREATE TABLE "simulations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"family" text NOT NULL,
	"type" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" jsonb,
	"summary" jsonb,
	"solver_version" text,
	"revision" integer DEFAULT 1 NOT NULL,
	"current_run_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "simulation_events" ADD CONSTRAINT "simulation_events_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_log" ADD CONSTRAINT "simulation_log_run_id_simulation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."simulation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_result_fields" ADD CONSTRAINT "simulation_result_fields_run_id_simulation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."simulation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_results" ADD CONSTRAINT "simulation_results_run_id_simulation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."simulation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulation_runs" ADD CONSTRAINT "simulation_runs_simulation_id_simulations_id_fk" FOREIGN KEY ("simulation_id") REFERENCES "public"."simulations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulations" ADD CONSTRAINT "simulations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "simulation_events_simulation_idx" ON "simulation_events" USING btree ("simulation_id","id");--> statement-breakpoint
CREATE INDEX "simulation_events_run_idx" ON "simulation_events" USING btree ("run_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "simulation_runs_number_key" ON "simulation_runs" USING btree ("simulation_id","number");--> statement-breakpoint
CREATE INDEX "simulation_runs_status_idx" ON "simulation_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "simulations_owner_updated_idx" ON "simulations" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "simulations_status_idx" ON "simulations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "simulations_updated_idx" ON "simulations" USING btree ("updated_at");