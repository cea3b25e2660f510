import { num } from '../format/datetime';
/** Yen and point amounts with thousands separators. */
export const n = num;

/** A wire time (Tokyo `YYYY-MM-DD HH:mm:ss`) for deadlines: "11月25日(水) 7:37" / "Wed, 25 Nov 7:37 JST". */
export { dateTime as deadline } from '../format/datetime';
