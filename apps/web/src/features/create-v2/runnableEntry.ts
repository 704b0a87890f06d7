import type { CatalogueEntry } from '@simforge/contracts';

/** A catalogue entry that can be created and run here: one with its parameter schema. */
export type RunnableEntry = CatalogueEntry & { parameters: NonNullable<CatalogueEntry['parameters']> };
