-- Schema version 7: a placeholder on the notify branch only (issue 27), so that its
-- 0009 applies; the migrations of this number on main take its place when merged.
SELECT 1;
