/** Tiny server-rendered pages of the sandbox payment company: bilingual, styled, no scripts needed. */
export const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PageButton {
  action: string;
  ja: string;
  en: string;
  tone: 'primary' | 'danger' | 'plain';
}

export function page(opts: {
  title: [string, string];
  lead: [string, string];
  rows: [string, string][];
  formAction?: string;
  buttons?: PageButton[];
  hidden?: Record<string, string>;
  note?: [string, string];
  /** [label, href] rows rendered as links. */
  links?: [string, string][];
}): string {
  const rows =
    opts.rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('') +
    (opts.links ?? [])
      .map(([k, href]) => `<tr><th>${esc(k)}</th><td><a href="${esc(href)}">${esc(href)}</a></td></tr>`)
      .join('');
  const hidden = Object.entries(opts.hidden ?? {})
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const buttons = (opts.buttons ?? [])
    .map(
      (b) =>
        `<button type="submit" name="action" value="${esc(b.action)}" class="${b.tone}" data-action="${esc(b.action)}">` +
        `${esc(b.ja)}<small>${esc(b.en)}</small></button>`,
    )
    .join('');
  const form = opts.formAction ? `<form method="post" action="${esc(opts.formAction)}">${hidden}${buttons}</form>` : '';
  const note = opts.note ? `<p class="note">${esc(opts.note[0])}<br><span>${esc(opts.note[1])}</span></p>` : '';
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(opts.title[0])} | Sandbox Pay</title>
<style>
  body{margin:0;font-family:system-ui,"Noto Sans CJK JP",sans-serif;background:#eef1f6;color:#1d2433}
  header{background:#24324d;color:#fff;padding:12px 20px;font-weight:700;letter-spacing:.05em}
  header span{font-weight:400;opacity:.75;margin-left:8px;font-size:.85em}
  main{max-width:480px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
  h1{font-size:1.25rem;margin:0 0 4px} h1 small,p small{display:block;font-size:.8rem;color:#5b667a;font-weight:400}
  table{width:100%;border-collapse:collapse;margin:16px 0}
  th,td{padding:8px;border-bottom:1px solid #e3e7ee;text-align:left;font-size:.95rem} th{color:#5b667a;width:40%}
  form{display:grid;gap:10px}
  button{min-height:48px;border-radius:8px;border:1px solid #c5ccd8;background:#fff;font-size:1rem;cursor:pointer}
  button small{display:block;font-size:.75rem;opacity:.8}
  button.primary{background:#2f6fed;border-color:#2f6fed;color:#fff} button.danger{color:#c0392b;border-color:#e3a39b}
  button:focus-visible{outline:3px solid #f5b400;outline-offset:2px}
  .note{font-size:.85rem;color:#5b667a;background:#f6f8fb;padding:10px;border-radius:8px}
</style></head>
<body><header>SANDBOX PAY<span>テスト環境 / Test environment — no real money moves</span></header>
<main><h1>${esc(opts.title[0])}<small>${esc(opts.title[1])}</small></h1>
<p>${esc(opts.lead[0])}<small>${esc(opts.lead[1])}</small></p>
<table>${rows}</table>${form}${note}</main></body></html>`;
}
