-- A promotion moves every class its students end up in (destination and repeat classes) into the target year;
-- the class's previous year is kept here so undo gives it back (docs/product.md, "The year-end promotion").
ALTER TABLE "promotions" ADD COLUMN "relabelled_classes" jsonb DEFAULT '[]'::jsonb NOT NULL;