-- The name sort key (docs/product.md, "Sorting by name") also drops the marks an Arabic name decomposes into:
-- the hamza and madda of آ أ إ ؤ ئ, the vowel signs and the superscript alef (U+064B-U+065F, U+0670), as a
-- dictionary treats آ أ إ as alef. Before, أحمد decomposed to alef + hamza and sorted after every name written
-- with a plain alef (امل before آدم). The same marks as @lyceum/shared/name-order (NAME_MARKS); the index over
-- the key is rebuilt.
CREATE OR REPLACE FUNCTION lyceum_name_key(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN octet_length(name) = char_length(name)
    THEN translate(name, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
    ELSE translate(regexp_replace(normalize(name, NFD), '[\u0300-\u036f\u064b-\u065f\u0670]', '', 'g'),
      'ŁłØøĐđĦħŦŧƗɨƵƶABCDEFGHIJKLMNOPQRSTUVWXYZ', 'llooddhhttiizzabcdefghijklmnopqrstuvwxyz')
  END
$$;
--> statement-breakpoint
REINDEX INDEX "users_school_role_name_key_idx";
