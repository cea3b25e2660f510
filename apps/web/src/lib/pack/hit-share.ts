/**
 * What the Web Share API is given for a hit: with the card's image as a file where the browser can share files
 * (the link then rides in the text, as some share targets drop `url` beside files), else the link itself.
 */
export function hitShareData(o: { title: string; text: string; url: string; file: File | null }): ShareData {
  return o.file
    ? { title: o.title, text: `${o.text} ${o.url}`, files: [o.file] }
    : { title: o.title, text: o.text, url: o.url };
}

/** X (Twitter) and LINE share links for a hit; the Web Share API is used instead where the browser has it. */
export function shareLinks(text: string, url: string) {
  return {
    x: `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url }).toString()}`,
    line: `https://social-plugins.line.me/lineit/share?${new URLSearchParams({ url, text }).toString()}`,
  };
}
