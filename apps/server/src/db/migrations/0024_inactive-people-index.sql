-- The class counts (the class list, and today's attendance by class on the principal's and administrator's
-- dashboards) leave out a school's deactivated people, a handful per school: a partial index finds them
-- without reading every user of the school (which also visited the heap of each recently signed-in user).
CREATE INDEX "users_inactive_idx" ON "users" USING btree ("school_id","id") WHERE not "users"."is_active";