-- Trigram indexes back the case-insensitive substring searches of the registers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
