-- The genders of GB/T 2261.1 are shown as people read them on a form: 男, 女 (issue 25: the move-in forms said
-- 男性 where the details and 我的户籍 say 男). Codes are unchanged; a label the office changed is left as it is.
UPDATE "dict_items" SET "label" = '男' WHERE "type" = 'gb_xb' AND "value" = '1' AND "label" = '男性';--> statement-breakpoint
UPDATE "dict_items" SET "label" = '女' WHERE "type" = 'gb_xb' AND "value" = '2' AND "label" = '女性';--> statement-breakpoint
UPDATE "dict_items" SET "label" = '未知' WHERE "type" = 'gb_xb' AND "value" = '0' AND "label" = '未知的性别';--> statement-breakpoint
UPDATE "dict_items" SET "label" = '未说明' WHERE "type" = 'gb_xb' AND "value" = '9' AND "label" = '未说明的性别';
