-- The rate limits' buckets of a site of several nodes, shared by all of them
-- (one node alone keeps them in memory). A bucket is its "theoretical arrival
-- time" (GCRA): `tat` (wall-clock milliseconds) is when the bucket would be
-- full again; a request is let through while `tat` is within the burst of now,
-- and moves `tat` on by one request's worth, in one atomic statement.
CREATE TABLE rate_buckets (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);
