-- 0013: a placeholder. Version 13 was reserved for another branch's
-- migration that was never merged; this file is kept so the versions run
-- from 1 without gaps, and every database past 12 has applied it. It
-- changes nothing and stays as it is.
SELECT 1;
