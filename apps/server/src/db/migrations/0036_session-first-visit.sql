-- Whether the account had never signed in before this session (its sign-up, or its first sign-in), so the
-- dashboard welcomes rather than welcomes back for that whole session (docs/product.md, "Sessions"). Sessions
-- that exist already are later ones: false.
ALTER TABLE "sessions" ADD COLUMN "first_visit" boolean DEFAULT false NOT NULL;
