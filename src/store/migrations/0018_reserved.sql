-- 0018: reserved for a migration of another branch (issue 26 work split);
-- this placeholder keeps the versions without gaps on the branch that adds
-- 0019. At merge, the other branch's 0018 replaces this file and its line
-- in MIGRATIONS. It changes nothing.
SELECT 1;
