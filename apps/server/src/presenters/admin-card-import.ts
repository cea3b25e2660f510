import type { Lang } from '@oripa/core';
import {
  importable,
  primaryMediaUrl,
  translateAdminMessage,
  type AdminCardImportPreview,
  type AdminImportPictures,
  type CardImportPlan,
} from '@oripa/core/admin';
import type { MediaRow } from '../db/queries/admin-cards.ts';

/** A card import's plan and stored pictures → the console's wire shapes, messages in the staff's language. */

export function presentImportPlan(plan: CardImportPlan, lang: Lang): AdminCardImportPreview {
  return {
    lines: plan.lines,
    rows: plan.rows.map((r) => ({
      line: r.line,
      model_number: r.card.model_number,
      name_ja: r.card.name_ja,
      name_en: r.card.name_en,
      rarity: r.card.rarity,
      card_type: r.card.card_type,
      buy_point: r.card.buy_point,
      picture: r.picture,
      status: r.status,
    })),
    problems: plan.problems.map((p) => ({
      line: p.line,
      column: p.column,
      message: translateAdminMessage(lang, p.message),
      warning: p.warning ?? false,
    })),
    importable: importable(plan),
  };
}

export function presentImportPictures(
  stored: { name: string; media: MediaRow }[],
  problems: { file: string; message: string }[],
  lang: Lang,
): AdminImportPictures {
  return {
    pictures: stored.map((s) => ({ name: s.name, url: primaryMediaUrl(s.media) })),
    problems: problems.map((p) => ({ file: p.file, message: translateAdminMessage(lang, p.message) })),
  };
}
