-- Report definitions wrote their audit lines as online_report while their publishing wrote online-report (and
-- the log's filter takes neither): one name, the one the screen reads and filters by.
UPDATE "sys_audit_log" SET "resource" = 'online-report' WHERE "resource" = 'online_report';
