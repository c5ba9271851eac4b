-- Generated site codes continue after the highest ST-###### code already in the register, so a
-- database that had sites before the sequence existed does not hand out a taken code.
SELECT setval(
  'site_code_seq',
  GREATEST(1, (SELECT COALESCE(MAX(substring("site_code" from '^ST-([0-9]{1,18})$')::bigint), 0) FROM "sites")),
  EXISTS (SELECT 1 FROM "sites" WHERE "site_code" ~ '^ST-[0-9]{1,18}$')
);
