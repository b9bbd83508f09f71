-- The booking write (docs/benchmarks.md): a booking's trigrams go to the index's pending list, kept
-- small (128 kB) because PGlite runs no autovacuum; the insert that fills it merges it. No rebuild.
ALTER INDEX "bookings_search_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 128);
