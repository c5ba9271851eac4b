-- The request limiter's counters are bumped on every API request on PostgreSQL. As an unlogged
-- table they write no WAL, so a request's upsert does not wait for a flush to disk; after a crash
-- the table comes back empty, which only restarts the current minute's budgets.
ALTER TABLE "request_rate_limit" SET UNLOGGED;
