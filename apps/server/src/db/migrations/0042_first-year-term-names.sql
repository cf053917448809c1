-- A new school's first terms are named in the school's language (docs/product.md, "Years, terms and holidays"):
-- a school that signed up in Spanish or Arabic found its three terms called Term 1, 2 and 3. The trigger runs
-- after the school's row is written, so its language is already there. Terms stored before keep their names.
CREATE OR REPLACE FUNCTION lyceum_first_academic_year(p_school uuid, p_time_zone text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE p_time_zone)::date;
  y int := extract(year FROM today)::int - CASE WHEN extract(month FROM today) < 9 THEN 1 ELSE 0 END;
  year_id uuid := gen_random_uuid();
  term text := CASE (SELECT language FROM schools WHERE id = p_school)
    WHEN 'es' THEN 'Trimestre'
    WHEN 'ar' THEN 'الفصل الدراسي'
    ELSE 'Term' END;
BEGIN
  INSERT INTO academic_years (school_id, id, name, start_date, end_date, is_current)
    VALUES (p_school, year_id, y || '-' || (y + 1), make_date(y, 9, 1), make_date(y + 1, 8, 31), true);
  INSERT INTO academic_terms (school_id, id, academic_year_id, name, start_date, end_date) VALUES
    (p_school, gen_random_uuid(), year_id, term || ' 1', make_date(y, 9, 1), make_date(y + 1, 1, 4)),
    (p_school, gen_random_uuid(), year_id, term || ' 2', make_date(y + 1, 1, 5), make_date(y + 1, 4, 19)),
    (p_school, gen_random_uuid(), year_id, term || ' 3', make_date(y + 1, 4, 20), make_date(y + 1, 8, 31));
END $$;
