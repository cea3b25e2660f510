import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useTestShop();
const count = async (table: string) =>
  Number((await t.shop.ctx.db.pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

describe('banners', () => {
  it('creates a scheduled banner that the storefront shows only inside its window', async () => {
    const op = await staffClient(t.shop, 'operator');
    const res = await op.post('/admin/content/banners', {
      file_name: '/demo/packs/ds-azure-1.svg',
      file_name_en: '/demo/packs/ds-azure-2.svg',
      alt_en: 'Azure pack',
      link_url: '/pack-detail?packId=1',
      sort: 1,
      starts_at: '2020-01-01 00:00',
      ends_at: '2099-01-01 00:00',
    });
    expect(res.state, JSON.stringify(res)).toBe(200);
    const later = await op.post('/admin/content/banners', {
      file_name: '/demo/packs/ds-dawn-1.svg',
      starts_at: '2098-01-01 00:00',
    });
    expect(later.state).toBe(200);
    expect((await op.post('/admin/content/banners/mode', { mode: '1' })).state).toBe(200);
    const shown = await t.shop.client().get('/user/banner');
    const files = (shown.list as { file_name: string }[]).map((b) => b.file_name);
    expect(shown.mode).toBe('1');
    expect(files).toContain('/demo/packs/ds-azure-1.svg');
    expect(files).not.toContain('/demo/packs/ds-dawn-1.svg');
    // English pages get the English version of the first, the Japanese one of the second (it has none).
    const en = await t.shop.client('en').get('/user/banner');
    expect((en.list as { file_name: string; alt: string }[])[0]).toMatchObject({
      file_name: '/demo/packs/ds-azure-2.svg',
      alt: 'Azure pack',
    });
    const list = await op.get('/admin/content/banners');
    expect((list.rows as { id: number }[]).length).toBe(2);
    expect((await op.post(`/admin/content/banners/${later.id}/delete`)).state).toBe(200);
    expect(await count('banners')).toBe(1);
  });

  it("saves a wordless picture with its caption on, which the storefront prints in the page's language", async () => {
    const op = await staffClient(t.shop, 'operator');
    const res = await op.post('/admin/content/banners', {
      file_name: '/demo/banners/launch.webp',
      alt: '星の夜フェア開催中',
      alt_en: 'Starry night fair on now',
      caption: '1',
    });
    expect(res.state, JSON.stringify(res)).toBe(200);
    expect((await op.post('/admin/content/banners/mode', { mode: '1' })).state).toBe(200);
    const row = ((await op.get('/admin/content/banners')).rows as { id: number; caption: boolean }[]).find(
      (r) => r.id === res.id,
    );
    expect(row?.caption).toBe(true);
    const ja = (await t.shop.client('ja').get('/user/banner')).list as { alt: string; caption: string }[];
    const en = (await t.shop.client('en').get('/user/banner')).list as { alt: string; caption: string }[];
    expect(ja.map((b) => b.caption)).toContain('星の夜フェア開催中');
    expect(en.map((b) => b.caption)).toContain('Starry night fair on now');
    // Switched off, the picture is taken to carry its own words again: nothing is printed over it.
    const off = await op.post(`/admin/content/banners/${res.id}`, {
      file_name: '/demo/banners/launch.webp',
      alt: '星の夜フェア開催中',
      caption: '0',
    });
    expect(off.state, JSON.stringify(off)).toBe(200);
    const after = (await t.shop.client('ja').get('/user/banner')).list as { alt: string; caption: string }[];
    expect(after.find((b) => b.alt === '星の夜フェア開催中')?.caption).toBe('');
  });

  it('refuses a foreign image, a script link and a window that ends before it starts', async () => {
    const op = await staffClient(t.shop, 'operator', 'en');
    const before = await count('banners');
    const res = await op.post('/admin/content/banners', {
      file_name: 'https://evil.example/x.png',
      file_name_en: 'https://evil.example/en.png',
      link_url: 'javascript:alert(1)',
      starts_at: '2030-01-02 00:00',
      ends_at: '2030-01-01 00:00',
    });
    expect(res.state).toBe(400);
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['ends_at', 'file_name', 'file_name_en', 'link_url']);
    expect(res.errors!.ends_at![0]).toBe('The sale end must be after the sale start');
    expect(await count('banners')).toBe(before);
  });
});

describe('posts, card types, point courses', () => {
  it('publishes a post at its time, flags a card type coming soon, adds a point course', async () => {
    const op = await staffClient(t.shop, 'operator');
    const post = await op.post('/admin/content/posts', {
      title: '新弾のお知らせ',
      last_name: '運営',
      first_name: '事務局',
      content: '本日より販売開始です',
      title_en: 'New series out',
      published_at: '2020-01-01 12:00',
    });
    expect(post.state, JSON.stringify(post)).toBe(200);
    const posts = await t.shop.client().get('/user/post/list');
    expect((posts.list as { title: string }[]).map((p) => p.title)).toContain('新弾のお知らせ');
    // The English title on English pages; no English text was given, so the Japanese text stands in.
    const enPosts = (await t.shop.client('en').get('/user/post/list')).list as { title: string; content: string }[];
    expect(enPosts.find((p) => p.title === 'New series out')?.content).toBe('本日より販売開始です');
    const tooLong = await op.post('/admin/content/posts', {
      title: 't',
      last_name: 'l',
      first_name: 'f',
      content: 'c',
      title_en: 'x'.repeat(201),
    });
    expect(Object.keys(tooLong.errors ?? {})).toEqual(['title_en']);

    for (const [id, sort] of [
      [1, 4],
      [2, 7],
    ]) {
      expect(
        (await op.post('/admin/content/card-types', { id, name_ja: `種類${id}`, name_en: `Type ${id}`, sort })).state,
      ).toBe(200);
    }
    expect(
      (await op.post('/admin/content/card-types', { id: 3, name_ja: '新作', name_en: 'New game', coming_soon: '1' }))
        .state,
    ).toBe(200);
    const types = await t.shop.client().get('/user/card_type');
    expect(JSON.stringify(types)).toContain('新作');
    // Given no order, a new type goes after every other one (not 0, the storefront's first tab); saving it again
    // without an order keeps its place, and a given order is kept.
    const sorts = async () =>
      ((await op.get('/admin/content/card-types')).rows as { id: number; sort: number }[]).map((r) => [r.id, r.sort]);
    const before = await sorts();
    const last = Math.max(...before.filter(([id]) => id !== 3).map(([, sort]) => sort!));
    expect(before.find(([id]) => id === 3)![1]).toBe(last + 1);
    expect((await op.post('/admin/content/card-types', { id: 3, name_ja: '新作', name_en: 'New game' })).state).toBe(
      200,
    );
    expect((await sorts()).find(([id]) => id === 3)![1]).toBe(last + 1);
    expect(
      (await op.post('/admin/content/card-types', { id: 3, name_ja: '新作', name_en: 'New', sort: '-5' })).state,
    ).toBe(200);
    expect((await sorts()).find(([id]) => id === 3)![1]).toBe(-5);

    const course = await op.post('/admin/content/point-courses', { point: 3000, price: 3000, memo: '人気' });
    expect(course.state).toBe(200);
    const bad = await op.post('/admin/content/point-courses', { point: 299, price: 0 });
    expect(bad.state).toBe(400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['point', 'price']);
    const courses = await op.get('/admin/content/point-courses');
    expect((courses.rows as { point: number }[]).map((c) => c.point)).toContain(3000);

    // A coin course (issue 11's coins): listed for members among the coin courses, not the point ones.
    expect((await op.post('/admin/content/point-courses', { currency: 'coin', point: 1200, price: 1000 })).state).toBe(
      200,
    );
    const coins = await t.shop.client().get('/user/coin_price');
    expect(JSON.stringify(coins)).toContain('1200');
    expect(JSON.stringify(await t.shop.client().get('/user/point_price'))).not.toContain('"point":1200');
  });
});

describe('coupons', () => {
  it('creates a coupon, shows its use figures, refuses a taken code and a total below the uses', async () => {
    const op = await staffClient(t.shop, 'operator');
    const res = await op.post('/admin/content/coupons', {
      code: 'WELCOME-500',
      kind: 'points',
      point: 500,
      max_uses: 2,
      per_member_limit: 1,
      starts_at: '2020-01-01 00:00',
    });
    expect(res.state, JSON.stringify(res)).toBe(200);
    const m = await buildMember(t.shop);
    const used = await m.client.post('/user/coupon/use', { couponCode: 'welcome-500' });
    const list = await op.get('/admin/content/coupons');
    const row = (list.rows as { code: string; used_count: number; members: number; points_granted: number }[]).find(
      (c) => c.code === 'WELCOME-500',
    )!;
    expect(used.state, JSON.stringify(used)).toBe(200);
    {
      expect(row.used_count).toBe(1);
      expect(row.members).toBe(1);
      expect(row.points_granted).toBe(500);
      const lower = await op.post(`/admin/content/coupons/${res.id}`, {
        code: 'WELCOME-500',
        kind: 'points',
        point: 500,
        max_uses: 0,
      });
      expect(lower.state).toBe(400);
    }
    const taken = await op.post('/admin/content/coupons', { code: 'welcome-500', kind: 'bonus', bonus_percent: 10 });
    expect(taken.state).toBe(409);
    expect(taken.errors?.code?.[0]).toBe('このクーポンコードは既に使われています');
    const empty = await op.post('/admin/content/coupons', { code: 'NOPOINTS', kind: 'points', point: 0 });
    expect(empty.state).toBe(400);
    expect(empty.errors?.point?.[0]).toBe('付与ポイントを入力してください');
  });

  it('is closed to shipping and support', async () => {
    for (const role of ['shipping', 'support'] as const) {
      const c = await staffClient(t.shop, role);
      expect((await c.get('/admin/content/coupons')).state).toBe(403);
      expect((await c.post('/admin/content/coupons', { code: 'X-1', kind: 'points', point: 1 })).state).toBe(403);
    }
  });
});
