import i18n from '../../i18n';

/**
 * The console's texts: i18n/<lang>/<area>.json, loaded into i18next as the namespace `admin-<area>` when the
 * console's bundle loads (the storefront's catalogue never carries them). Adding a file is enough.
 */
const files = import.meta.glob<Record<string, unknown>>('./{ja,en}/*.json', { eager: true, import: 'default' });

for (const [file, strings] of Object.entries(files)) {
  const m = /\.\/(ja|en)\/([\w-]+)\.json$/.exec(file);
  if (m) i18n.addResourceBundle(m[1]!, `admin-${m[2]!}`, strings, true, true);
}

export default i18n;
