-- Banners whose picture has no words (issue 24 §3, ADR 0056): with caption set, the page prints the banner's alt text
-- (alt_en on English pages) over the picture as real text, so one picture serves both languages and its words are
-- selectable and read once. Off by default: a picture with its lettering baked in keeps its alt text as before.
ALTER TABLE banners ADD COLUMN caption boolean NOT NULL DEFAULT false;

-- The demo shop's banners were redrawn without words: they print their alt texts, and their English twins (the same
-- pictures with English lettering) are gone, and the post that showed the English twin shows the one picture. A
-- shop's own banners are not touched.
UPDATE banners SET caption = true, file_name_en = ''
WHERE file_name IN ('/demo/banners/launch.webp', '/demo/banners/dragon-sigil.webp', '/demo/banners/provably-fair.webp');
UPDATE posts SET images_en = '[]'::jsonb
WHERE images_en = '["/demo/banners/launch-en.webp"]'::jsonb;
