/**
 * PGlite runs PostgreSQL in single-user mode: one session, no autovacuum, no other backend. The
 * statistics PostgreSQL collects per statement (row counts for autovacuum, the activity shown in
 * `pg_stat_activity`) then feed nothing but `pg_stat` views nobody reads here, and cost about a
 * tenth of the widget's hot statements' time on PGlite. Set once for the session when it opens
 * (`openDatabase`; the benches' PGlite floor does the same). They need a superuser, which PGlite's
 * default user is.
 */
export const PGLITE_SESSION_SETTINGS = 'set track_counts = off; set track_activities = off';
