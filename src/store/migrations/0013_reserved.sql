-- 0013: reserved for a migration of another branch (issue 18 work split);
-- this placeholder keeps the versions without gaps on the branch that adds
-- 0014. At merge, the other branch's 0013 replaces this file and its line
-- in MIGRATIONS. It changes nothing.
SELECT 1;
