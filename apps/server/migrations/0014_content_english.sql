-- Per-language banners and posts (issue 13, section 4): an English version beside the Japanese one. Empty means
-- "none": English pages then show the Japanese image or text (presenters/site.ts picks per field).
ALTER TABLE banners
  ADD COLUMN file_name_en text NOT NULL DEFAULT '',
  ADD COLUMN alt_en text NOT NULL DEFAULT '';
ALTER TABLE posts
  ADD COLUMN title_en text NOT NULL DEFAULT '',
  ADD COLUMN content_en text NOT NULL DEFAULT '',
  ADD COLUMN images_en jsonb NOT NULL DEFAULT '[]';
