// Parts of a catalogue file (apps/web/build/catalogue-parts.ts).
declare module '*.json?before-draw' {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module '*.json?after-draw' {
  const strings: Record<string, unknown>;
  export default strings;
}
