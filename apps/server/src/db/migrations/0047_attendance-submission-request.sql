-- What an attendance submission asked under its Idempotency-Key (docs/product.md, "Attendance"): the same key
-- with another body is refused. Answers kept before this column have null and are answered as before.
ALTER TABLE "attendance_submissions" ADD COLUMN "request" text;
