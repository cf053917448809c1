-- Bytes all schools whose e-mail address is not yet confirmed store together (docs/product.md, "Trial schools
-- and mail": UNVERIFIED_STORAGE_TOTAL_BYTES). An upload of such a school asks it under row-level security, where
-- it sees only its own school's files, so the function runs as its owner (who is outside row-level security,
-- migration 0009) and answers one number, nothing about any school. modules/files/storage-usage.ts calls it under
-- the platform-wide lock that makes racing uploads count one after the other.
CREATE OR REPLACE FUNCTION lyceum_unverified_storage_bytes() RETURNS bigint
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT coalesce(sum(f.bytes), 0)::bigint
  FROM schools s JOIN stored_files f ON f.school_id = s.id AND f.deleted_at IS NULL
  WHERE s.awaiting_mail_verification
$$;
