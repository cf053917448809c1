-- The year a record belongs to, by the same rule as migration 0012, in PL/pgSQL: a SQL function that cannot be
-- inlined (ORDER BY ... LIMIT) is planned again at every call, where PL/pgSQL keeps its statement's plan for
-- the connection. Every attendance submission and lesson write calls it.
CREATE OR REPLACE FUNCTION lyceum_academic_year_for(p_school uuid, p_date date) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT id FROM academic_years WHERE school_id = p_school
    ORDER BY (p_date IS NOT NULL AND p_date BETWEEN start_date AND end_date) DESC, is_current DESC, start_date DESC
    LIMIT 1);
END $$;
