import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { Lang } from '@oripa/core';
import { createElement as h, Fragment, type ReactNode } from 'react';
import type { Config } from '../config.ts';

/**
 * The one layout every mail shares: the shop's name on top, the content, and the operator's footer (who sends
 * it and how to reach them, from config.operator). A template describes its content as blocks, so each mail file
 * holds words and data only; the HTML comes from react-email's components and the plain-text part from that HTML.
 */
export type Block =
  | string
  | { heading: string }
  | { button: string; href: string }
  | { link: string }
  /** Label/value lines: the receipt items, an account to transfer to. */
  | { rows: readonly (readonly [string, string])[] }
  /** A titled bulleted list: the cards in a parcel (one value under one label, not a label per line). */
  | { title: string; list: readonly string[] }
  | { note: string };

export interface MailContent {
  subject: string;
  /** The line mail clients show beside the subject. */
  preview: string;
  blocks: Block[];
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const SHOP_NAME = { ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' } as const;
const SUBJECT_PREFIX = { ja: '【キラキラオリパ】', en: '[KIRAKIRA ORIPA] ' } as const;

const FOOTER = {
  ja: {
    contact: 'お問い合わせ',
    sendOnly: 'このメールは送信専用アドレスからお送りしています。ご返信いただいてもお答えできません。',
  },
  en: {
    contact: 'Contact',
    sendOnly: 'This mail was sent from an address that cannot receive replies.',
  },
} as const;

const font = '"Hiragino Sans", "Noto Sans JP", Meiryo, Arial, sans-serif';
const style = {
  body: { backgroundColor: '#f4f1fa', fontFamily: font, margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '24px 32px' },
  brand: { color: '#7b3fe4', fontSize: '20px', fontWeight: 700, margin: '0 0 16px' },
  heading: { fontSize: '17px', margin: '20px 0 8px' },
  text: { color: '#222222', fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  rows: { backgroundColor: '#f8f6fc', borderRadius: '6px', padding: '12px 16px', margin: '0 0 12px' },
  button: { backgroundColor: '#7b3fe4', borderRadius: '6px', color: '#ffffff', fontSize: '15px', padding: '12px 20px' },
  note: { color: '#666666', fontSize: '12px', lineHeight: '18px', margin: '0 0 12px' },
  footer: { color: '#777777', fontSize: '12px', lineHeight: '18px', margin: '0' },
} as const;

// Japanese label/value lines take a full-width colon; English ones a colon and a space.
const SEPARATOR = { ja: '：', en: ': ' } as const;

function block(lang: Lang, b: Block, key: number): ReactNode {
  if (typeof b === 'string') return h(Text, { key, style: style.text }, b);
  if ('heading' in b) return h(Heading, { key, as: 'h2', style: style.heading }, b.heading);
  if ('button' in b) {
    // The address is repeated as a link under the button: some clients hide buttons, and the text part needs it.
    return h(
      Section,
      { key, style: { margin: '8px 0 16px' } },
      h(Button, { href: b.href, style: style.button }, b.button),
      h(Text, { style: style.note }, h(Link, { href: b.href }, b.href)),
    );
  }
  if ('link' in b) return h(Text, { key, style: style.text }, h(Link, { href: b.link }, b.link));
  if ('note' in b) return h(Text, { key, style: style.note }, b.note);
  if ('list' in b) {
    return h(
      Section,
      { key, style: style.rows },
      h(Text, { style: { ...style.text, fontWeight: 700, margin: '0 0 4px' } }, b.title),
      h(
        'ul',
        { style: { ...style.text, margin: 0, paddingLeft: '20px' } },
        b.list.map((item, i) => h('li', { key: i }, item)),
      ),
    );
  }
  return h(
    Section,
    { key, style: style.rows },
    h(
      Text,
      { style: { ...style.text, margin: 0 } },
      b.rows.map(([label, value], i) =>
        h(Fragment, { key: i }, i > 0 ? h('br') : null, `${label}${SEPARATOR[lang]}${value}`),
      ),
    ),
  );
}

function footer(lang: Lang, config: Config): ReactNode {
  const o = config.operator;
  const lines = [
    SHOP_NAME[lang],
    lang === 'ja' ? o.name : o.nameEn,
    lang === 'ja' ? o.address : o.addressEn,
    `${FOOTER[lang].contact}: ${o.email} / ${o.phone}`,
  ];
  return h(
    Section,
    null,
    h(Hr),
    h(
      Text,
      { style: style.footer },
      lines.map((l, i) => h(Fragment, { key: i }, i > 0 ? h('br') : null, l)),
    ),
    h(Text, { style: style.footer }, h(Link, { href: config.publicUrl }, config.publicUrl)),
    h(Text, { style: { ...style.footer, marginTop: '8px' } }, FOOTER[lang].sendOnly),
  );
}

/** The subject with the shop's prefix, the HTML part, and the plain-text part made from the same HTML. */
export async function renderMail(config: Config, lang: Lang, content: MailContent): Promise<RenderedMail> {
  const subject = `${SUBJECT_PREFIX[lang]}${content.subject}`;
  const doc = h(
    Html,
    { lang },
    h(Head, null, h('title', null, subject)),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: style.body },
      h(
        Container,
        { style: style.container },
        h(Text, { style: style.brand }, SHOP_NAME[lang]),
        content.blocks.map((b, i) => block(lang, b, i)),
        footer(lang, config),
      ),
    ),
  );
  const html = await render(doc);
  // No wrapping: a link or a receipt number must stay on one line to be copied.
  const text = toPlainText(html, { wordwrap: false });
  return { subject, html, text };
}

/** A page of the shop, for links in mails. */
export const shopUrl = (config: Config, path: string) => `${config.publicUrl.replace(/\/$/, '')}${path}`;

/** Yen as a receipt shows it: ¥1,100. */
export const yen = (amount: number) => `¥${amount.toLocaleString('ja-JP')}`;
/** Points as members read them: 1,000pt. */
export const pts = (n: number) => `${n.toLocaleString('ja-JP')}pt`;
