/** Yen and point amounts with thousands separators. */
export const n = (v: number) => v.toLocaleString('ja-JP');

/** A wire time (Tokyo `YYYY-MM-DD HH:mm:ss`) as `YYYY/MM/DD HH:mm` for deadlines. */
export const deadline = (wire: string) => wire.slice(0, 16).replaceAll('-', '/');
