import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from '../test-database.ts';

/**
 * The hand-written row types of src/db/queries held to the migrated schema (issue 20): a column renamed, dropped,
 * retyped or made nullable in a migration fails here, naming the type and the property, instead of reaching a
 * member as undefined or a string where a number was promised.
 *
 * The TypeScript compiler reads every exported type of src/db/queries; the schema comes from information_schema on
 * a clone of the test template. ROW_TYPES says which tables a type's properties are columns of (looked up in that
 * order; `as` names a column of another name, `computed` the properties the SQL computes, which no column holds,
 * `notNull` the nullable columns a statement keeps from null, with why). Each property's column must exist, match
 * its type family (TYPE_FAMILIES) and carry `| null` exactly when the column is nullable (a `?table`, outer-joined,
 * may add `| null` to any of its columns; so may a jsonb column, which holds JSON null). A type whose
 * properties are all snake_case (the shape of a row) must be in ROW_TYPES or NOT_ROWS, so a new one is not missed;
 * parameter objects (camelCase properties) and unions of strings are not rows and are passed over.
 */

interface Sources {
  /** Tables whose columns the properties are, looked up in this order; '?t' when outer-joined. */
  tables: string[];
  /**
   * Properties selected under another name or from a table later in the join: property → '[?]table.column', with
   * '::udt' when the SQL casts or formats it (to_char(…) is '::text').
   */
  as?: Record<string, string>;
  /** Properties the SQL computes (counts, flags, CASE, expressions): no column to hold them to. */
  computed?: string[];
  /** Nullable columns the statement never reads as null, and why (the type may then leave out `| null`). */
  notNull?: Record<string, string>;
}

/** Each row type of src/db/queries (file:Type) and where its properties come from. */
const ROW_TYPES: Record<string, Sources> = {
  'approvals.ts:ApprovalRecord': { tables: ['approval_requests'] },
  'report-files.ts:ReportFileRow': { tables: ['report_files'] },
  // The key a kept file is found by: the table's primary key columns.
  'report-files.ts:ReportFileId': { tables: ['report_files'] },
  'approvals.ts:ApprovalListRecord': {
    tables: ['approval_requests'],
    computed: ['target_name', 'requested_by_name', 'decided_by_name'],
  },
  'staff-notices.ts:StaffEventRecord': { tables: ['staff_events'] },
  'staff-notices.ts:StaffNoticeRecord': { tables: ['staff_events'], computed: ['read'] },
  'staff-notices.ts:StaffMailTarget': { tables: ['staff'] },
  'admin-cards.ts:MasterCardValues': { tables: ['cards'] },
  'admin-cards.ts:MasterCardRow': { tables: ['cards'] },
  'admin-cards.ts:MediaRow': { tables: ['media'] },
  'admin-content.ts:AdminBannerRow': { tables: ['banners'] },
  'admin-content.ts:AdminPostRow': { tables: ['posts'] },
  'admin-content.ts:AdminCardTypeRow': { tables: ['card_types'] },
  'admin-content.ts:AdminCourseRow': { tables: ['point_courses'], computed: ['sold'] },
  'admin-content.ts:AdminCouponRow': { tables: ['coupons'], computed: ['members', 'points_granted', 'pending'] },
  'admin-members.ts:AdminMemberRecord': { tables: ['members'] },
  'admin-members.ts:MemberLedgerRecord': {
    tables: ['ledger_entries'],
    as: { pay_id: '?payments.pay_id' },
    computed: ['subject', 'subject_rank', 'subject_count'],
  },
  'admin-members.ts:MemberPurchaseRecord': {
    tables: ['purchases'],
    as: { pack_name_ja: 'packs.name_ja', pack_name_en: 'packs.name_en' },
  },
  'admin-members.ts:MemberPaymentRecord': { tables: ['payments'] },
  'admin-members.ts:MemberShipmentRecord': { tables: ['shipments'], computed: ['cards'] },
  'admin-members.ts:MemberSessionRecord': { tables: ['sessions'] },
  'admin-packs.ts:DraftRow': { tables: ['pack_drafts'] },
  'admin-packs.ts:ConsolePackRow': {
    tables: ['pack_drafts', '?packs', '?pack_stock'],
    as: { stock_total: '?pack_stock.total' },
    computed: ['status', 'revealed_seed'],
  },
  'admin-packs.ts:DraftValues': { tables: ['pack_drafts'] },
  'admin-packs.ts:PublishedEdit': { tables: ['packs'], as: { end_date: 'packs.closed_at' } },
  'admin-payments.ts:AdminPaymentRow': {
    tables: ['payments'],
    as: { member_mail: 'members.mail' },
    computed: ['member_name', 'holder_name'],
  },
  'admin-programmes.ts:AdminExchangeCardRecord': {
    tables: ['exchange_cards'],
    as: { name_ja: 'exchange_cards.name' },
    computed: ['orders'],
  },
  'admin-programmes.ts:AdminExchangeOrderRecord': {
    tables: ['exchange_orders'],
    as: {
      card_id: 'exchange_orders.exchange_card_id',
      card_name: 'exchange_cards.name',
      shipment_status: '?shipments.status',
    },
  },
  'admin-programmes.ts:AdminPartnerSiteRecord': {
    tables: ['partner_sites'],
    computed: ['links', 'transfers_done', 'transfers_pending', 'transfers_failed', 'points_moved'],
  },
  'admin-programmes.ts:AdminSnsCampaignRecord': { tables: ['sns_campaigns'], computed: ['claims', 'points_granted'] },
  'admin-reports.ts:SalesExportRow': {
    tables: ['payments'],
    notNull: { credited_at: 'the statement reads payments credited in a range (credited_at >= $1)' },
    computed: ['credited'],
  },
  'admin-reports.ts:PointMovementRow': { tables: ['ledger_entries'], computed: ['created'] },
  'admin-shipments.ts:ShipmentListRow': { tables: ['shipments'], computed: ['line_count'] },
  'admin-shipments.ts:ShipmentEventRow': { tables: ['shipment_events'] },
  'admin-shipments.ts:LockedShipment': { tables: ['shipments'], computed: ['line_count'] },
  'audit-log.ts:AuditRecord': { tables: ['audit_log'], as: { staff_name: '?staff.name' } },
  'coupons.ts:CouponRow': { tables: ['coupons'] },
  'coupons.ts:PendingBonusRow': { tables: ['coupon_uses', 'coupons'], as: { point: 'coupons.point' } },
  'coupons.ts:NewCoupon': { tables: ['coupons'] },
  'daily-draw.ts:DailySeedRow': { tables: ['daily_draw_seeds'], as: { draw_day: 'daily_draw_seeds.draw_day::text' } },
  'daily-draw.ts:SnsCampaignRow': { tables: ['sns_campaigns'] },
  'exchange.ts:ExchangeCardRow': { tables: ['exchange_cards'] },
  'exchange.ts:ExchangeOrderRow': { tables: ['exchange_orders'] },
  'exchange.ts:PendingOrderRow': { tables: ['exchange_orders'], computed: ['card'] },
  'hit-share.ts:SharedHitRow': { tables: ['purchase_cards', 'pack_cards'], as: { history_id: 'purchase_cards.id' } },
  'idle-accounts.ts:IdleCandidateRow': { tables: ['members'] },
  'idle-accounts.ts:IdleStandingRow': {
    tables: ['members'],
    as: { notice_sent_at: '?idle_notices.sent_at', notice_closes_at: '?idle_notices.closes_at' },
  },
  'ledger-history.ts:LedgerHistoryRow': {
    tables: ['ledger_entries'],
    as: { pay_amount: '?payments.amount', pay_id: '?payments.pay_id' },
    computed: ['history_status', 'subject', 'subject_rank', 'subject_count'],
  },
  'ledger-subject.ts:LedgerSubjectRow': {
    tables: ['ledger_entries'],
    computed: ['subject', 'subject_rank', 'subject_count'],
  },
  'ledger.ts:HeldLotRow': { tables: ['point_lots'] },
  'members.ts:MemberRow': { tables: ['members'] },
  'outbox.ts:OutboxRow': { tables: ['outbox_messages'] },
  'live.ts:LiveStockRow': { tables: ['pack_stock'], computed: ['remaining', 's', 'a', 'b', 'c'] },
  'live.ts:LiveHitRow': { tables: ['purchase_cards', 'pack_cards'], computed: ['initial'] },
  'ticker-name.ts:TickerNameRow': { tables: ['members'] },
  'sale-start-notices.ts:SaleStartRequestRow': { tables: ['sale_start_requests', 'packs'] },
  'sale-start-notices.ts:DueSaleStartRow': { tables: ['sale_start_requests'], computed: ['closed'] },
  'sale-start-notices.ts:PushSubscriptionRow': { tables: ['push_subscriptions'] },
  'packs.ts:PackRow': { tables: ['packs'], computed: ['revealed_seed'] },
  'drops.ts:DropRow': { tables: ['pack_drops', 'packs'], computed: ['revealed_seed'] },
  'drops.ts:QueueEntryRow': { tables: ['drop_queue'] },
  'packs.ts:CardRow': { tables: ['pack_cards'] },
  'packs.ts:DrawLogRow': { tables: ['purchase_cards', 'pack_cards', 'members'] },
  'packs.ts:LastOneAwardRow': {
    tables: ['purchase_cards', 'members'],
    as: { history_id: 'purchase_cards.id' },
    computed: ['first_ticket', 'last_ticket'],
  },
  'partner.ts:PartnerSiteRow': { tables: ['partner_sites'] },
  'partner.ts:PartnerLinkRow': { tables: ['partner_links'] },
  'partner.ts:PartnerTransferRow': { tables: ['partner_transfers'] },
  'payment-receipts.ts:BankTransferRow': {
    tables: ['payments'],
    notNull: { expires_at: 'every payment starts with its deadline (services/payments/payments.ts startPayment)' },
  },
  'payment-receipts.ts:CreditedPaymentRow': { tables: ['payments'] },
  'payments.ts:PaymentRow': { tables: ['payments'] },
  'payments.ts:OverduePaymentRow': { tables: ['payments'] },
  'payments.ts:StalePaymentRow': { tables: ['payments'] },
  'point-courses.ts:CourseRow': { tables: ['point_courses'] },
  'point-expiry-notices.ts:AnnouncedLotRow': { tables: ['point_lots'] },
  'purchase-cards.ts:DrawnRow': { tables: ['purchase_cards', 'pack_cards'], as: { history_id: 'purchase_cards.id' } },
  'purchase-cards.ts:DecidableCard': { tables: ['purchase_cards', 'pack_cards'] },
  // A UNION of purchases and exchange orders: held to its first arm (the pack purchases).
  'purchase-history.ts:HistoryRow': {
    tables: ['purchases', 'packs'],
    as: {
      shipment_id: '?shipments.id',
      shipment_status: '?shipments.status',
      delivery_code: '?shipments.delivery_code',
    },
    computed: ['kind', 'pending', 'shipped', 'converted', 'reduction_point'],
  },
  'purchases.ts:PackAndBuyerRow': {
    tables: ['packs'],
    as: {
      m_rank: 'members.rank',
      m_points: 'members.point_balance',
      m_coins: 'members.coin_balance',
    },
    computed: ['revealed_seed', 'i', 'm_mail', 'm_sms', 'm_suspended', 'm_bought', 'available'],
  },
  'purchases.ts:PurchaseByTokenRow': {
    tables: ['packs', 'purchases'],
    as: { purchase_id: 'purchases.id' },
    computed: ['revealed_seed'],
  },
  'purchases.ts:PurchaseRow': {
    tables: ['packs', 'purchases'],
    as: { purchase_id: 'purchases.id', created: 'purchases.created_at' },
    computed: ['revealed_seed'],
  },
  'ranks.ts:RankEventRow': { tables: ['rank_events'] },
  'ranks.ts:RankCardRewardRow': { tables: ['rank_card_rewards'] },
  'ranks.ts:RewardCardRow': { tables: ['pack_cards'] },
  'referrals.ts:ReferralPairRow': {
    tables: ['members'],
    as: { referrer_id: 'members.id::int4' },
    computed: ['referrer_tels', 'referee_tels', 'referrer_mail_confirmed', 'referee_mail_confirmed'],
  },
  'sandbox-partner.ts:SandboxPartnerAccountRow': { tables: ['sandbox_partner_accounts'] },
  'sandbox-payments.ts:SandboxIntentRow': { tables: ['sandbox_intents'] },
  'sandbox-payments.ts:SandboxCardRow': { tables: ['sandbox_card_tokens'] },
  'saved-cards.ts:SavedCardRow': { tables: ['saved_cards'] },
  'sessions.ts:SessionRow': { tables: ['sessions'] },
  // A UNION of drawn, exchanged and reward cards: held to its first arm (the drawn cards).
  'shipment-lines.ts:ShipmentLineRow': {
    tables: ['purchase_cards', 'pack_cards'],
    as: { pack_name_ja: 'packs.name_ja', pack_name_en: 'packs.name_en' },
    computed: ['source', 'source_id', 'purchase_id', 'ticket_no', 'rank'],
    notNull: { shipment_id: 'each arm of SHIPMENT_LINES reads rows WHERE shipment_id IS NOT NULL' },
  },
  'site.ts:PostRow': { tables: ['posts'] },
  'site.ts:BannerRow': { tables: ['banners'] },
  'site.ts:CardTypeRow': { tables: ['card_types'] },
  'sms.ts:SmsChallengeRow': { tables: ['sms_challenges'] },
  'spending-limits.ts:SpendingLimitsRow': {
    tables: ['member_spending_limits'],
    as: { birth_month: 'member_spending_limits.birth_month::text' },
  },
  'staff-sessions.ts:StaffSessionRow': { tables: ['staff_sessions', 'staff'], computed: ['totp_enabled'] },
  'staff.ts:StaffRecord': { tables: ['staff'] },
  'wallet-sessions.ts:WalletSessionRow': { tables: ['wallet_sessions'] },
};

/** Types with snake_case properties that are deliberately not rows of a table, and why. */
const NOT_ROWS: Record<string, string> = {
  'admin-reports.ts:OpenPointsRow': 'sums of open lots by month of expiry, every property computed',
  'login-known-ips.ts:LoginAccount': 'a parameter: whose known addresses (a member or a staff member), not a row',
  'admin-cards.ts:MediaVariant': 'one element of the media.variants jsonb array',
  'admin-dashboard.ts:PeriodFigures': 'sums over a period, every property computed',
  'admin-packs.ts:PackQuery': "the console's list filter (a parameter object)",
  'admin-packs.ts:PackTakings': 'sums of a pack’s purchases, every property computed',
  'admin-programmes.ts:ExchangeOrderFilter': "the console's list filter (a parameter object)",
  'admin-shipments.ts:ShipmentAddress': 'the shape inside the shipments.address jsonb',
  'admin-shipments.ts:ShipmentFilter': "the console's list filter (a parameter object)",
  'outbox.ts:NewOutboxMail': 'the parameters of an outbox insert',
  'purchases.ts:ClaimedRow': "buy_pack_batch's result columns (a database function; db-functions.test.ts)",
  'purchases.ts:BatchRow': "buy_pack_batch's result columns (a database function; db-functions.test.ts)",
};

/**
 * The TS type families a column's value may be read as, by its udt_name. int8 reads as a number because
 * src/db/database.ts parses it so (pg.types.setTypeParser(20)); date and timestamps as Date (pg's own parsers);
 * jsonb as whatever was stored.
 */
const TYPE_FAMILIES: Record<string, Family[] | 'any'> = {
  text: ['string'],
  varchar: ['string'],
  int2: ['number'],
  int4: ['number'],
  int8: ['number'],
  bool: ['boolean'],
  timestamptz: ['Date'],
  date: ['Date'],
  bytea: ['Buffer'],
  jsonb: 'any',
};

type Family = 'string' | 'number' | 'boolean' | 'Date' | 'Buffer' | 'array' | 'object' | 'unknown';

interface PropertyShape {
  name: string;
  families: Set<Family>;
  nullable: boolean;
}

const QUERIES = path.resolve(import.meta.dirname, '../../src/db/queries');

/** Every exported type of src/db/queries, as `file:Type` → its properties (null: not an object type). */
function readQueryTypes(): Map<string, PropertyShape[] | null> {
  const files = readdirSync(QUERIES)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(QUERIES, f));
  // The server's own compiler options (strict null checks above all), with these files as the only roots.
  const config = ts.getParsedCommandLineOfConfigFile(path.join(QUERIES, '../../../tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  const program = ts.createProgram(files, config!.options);
  const checker = program.getTypeChecker();
  const shapeOf = (t: ts.Type): Omit<PropertyShape, 'name'> => {
    const families = new Set<Family>();
    let nullable = false;
    for (const part of t.isUnion() ? t.types : [t]) {
      const f = part.flags;
      if (f & ts.TypeFlags.Null) nullable = true;
      else if (f & ts.TypeFlags.Undefined) continue;
      else if (f & ts.TypeFlags.StringLike) families.add('string');
      else if (f & ts.TypeFlags.NumberLike) families.add('number');
      else if (f & ts.TypeFlags.BooleanLike) families.add('boolean');
      else if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
        families.add('unknown');
        nullable = true; // unknown holds null too
      } else if (checker.isArrayType(part) || checker.isTupleType(part)) families.add('array');
      else if (part.getSymbol()?.name === 'Date') families.add('Date');
      else if (part.getSymbol()?.name === 'Buffer') families.add('Buffer');
      else families.add('object');
    }
    return { families, nullable };
  };
  const found = new Map<string, PropertyShape[] | null>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`the compiler did not read ${file}`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))) continue;
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      const key = `${path.basename(file)}:${exported.name}`;
      if (type.isUnion() && type.types.every((t) => t.flags & ts.TypeFlags.StringLiteral)) {
        found.set(key, null);
        continue;
      }
      found.set(
        key,
        checker.getPropertiesOfType(type).map((p) => ({ name: p.name, ...shapeOf(checker.getTypeOfSymbol(p)) })),
      );
    }
  }
  return found;
}

interface Column {
  udt: string;
  nullable: boolean;
}

const queryTypes = readQueryTypes();
const looksLikeRow = (props: PropertyShape[]) =>
  props.length > 0 && props.every((p) => /^[a-z][a-z0-9_]*$/.test(p.name));

describe('the row types of src/db/queries against the migrated schema', () => {
  let columns: Map<string, Map<string, Column>>;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: await cloneTemplateDatabase() });
    await client.connect();
    try {
      const { rows } = await client.query<{
        table_name: string;
        column_name: string;
        udt_name: string;
        is_nullable: string;
      }>(
        `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public'`,
      );
      columns = new Map();
      for (const r of rows) {
        if (!columns.has(r.table_name)) columns.set(r.table_name, new Map());
        columns.get(r.table_name)!.set(r.column_name, { udt: r.udt_name, nullable: r.is_nullable === 'YES' });
      }
    } finally {
      await client.end();
    }
  });

  it('every type shaped like a row is held to its tables or named as not a row; the lists name only live ones', () => {
    const unlisted = [...queryTypes]
      .filter(([key, props]) => props && looksLikeRow(props) && !(key in ROW_TYPES) && !(key in NOT_ROWS))
      .map(([key]) => key);
    expect(unlisted, 'add these to ROW_TYPES (or NOT_ROWS, with the reason)').toEqual([]);
    const stale = [...Object.keys(ROW_TYPES), ...Object.keys(NOT_ROWS)].filter((key) => !queryTypes.get(key));
    expect(stale, 'these types are gone from src/db/queries').toEqual([]);
    const staleProperties = Object.entries(ROW_TYPES).flatMap(([key, s]) => {
      const names = new Set(queryTypes.get(key)?.map((p) => p.name));
      const listed = [...Object.keys(s.as ?? {}), ...(s.computed ?? []), ...Object.keys(s.notNull ?? {})];
      return listed.filter((name) => !names.has(name)).map((name) => `${key} ${name}`);
    });
    expect(staleProperties, 'as, computed and notNull name properties these types no longer have').toEqual([]);
  });

  it('each property is a column of its table, of a matching type, nullable exactly when the column is', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [key, sources] of Object.entries(ROW_TYPES)) {
      const props = queryTypes.get(key);
      if (!props) continue; // the test above names it
      const column = (ref: string): { name: string; column?: Column; outer: boolean } => {
        const outer = ref.startsWith('?');
        const [qualified, cast] = ref.replace('?', '').split('::') as [string, string | undefined];
        const [table, name] = qualified.split('.') as [string, string];
        const found = columns.get(table)?.get(name);
        return { name: qualified, column: found && cast ? { ...found, udt: cast } : found, outer };
      };
      for (const p of props) {
        if (sources.computed?.includes(p.name)) continue;
        const ref = sources.as?.[p.name];
        const candidates = ref ? [ref] : sources.tables.map((t) => `${t}.${p.name}`);
        const hit = candidates.map(column).find((c) => c.column);
        if (!hit?.column) {
          problems.push(
            `${key} ${p.name}: no column ${candidates.map((c) => c.replace('?', '').split('::')[0]).join(' or ')}`,
          );
          continue;
        }
        checked++;
        const { udt, nullable } = hit.column;
        const allowed = TYPE_FAMILIES[udt];
        if (!allowed) problems.push(`${key} ${p.name}: no rule for ${hit.name}'s type ${udt} (TYPE_FAMILIES)`);
        else if (allowed !== 'any' && ![...p.families].every((f) => allowed.includes(f))) {
          problems.push(`${key} ${p.name}: ${[...p.families].join(' | ')} for ${hit.name} (${udt})`);
        }
        if (nullable && !p.nullable && !sources.notNull?.[p.name])
          problems.push(`${key} ${p.name}: ${hit.name} is nullable, the type lacks | null`);
        // A jsonb column holds JSON null even when NOT NULL: its type may say | null.
        if (!nullable && p.nullable && !hit.outer && allowed !== 'any') {
          problems.push(`${key} ${p.name}: ${hit.name} is NOT NULL, the type says | null`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(700);
  });
});
