import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from src/db/schema.ts into drizzle/ (committed; run at start-up).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
