/**
 * The game lobby API: catalogue list (paging, filters), types, categories, hot games, hot
 * matches, lottery, jackpot, winners board, icons, favourites, recent plays and launch rules.
 */
import { expect, it } from 'vitest';
import { gameCatalogue } from '../../../server/db/seed-games';
import { call, describeBackends, EN, fundedPlayer, tokenFor, type Envelope } from '../helpers';
import { placeBet } from '../rebate-helpers';

interface GameItem {
  nodeId: string;
  gameName: string;
  nodeName: string;
  vassalage: string;
  gameType: string;
  gameId: string;
  supportPlay: boolean;
  gameClassifyNew: boolean;
  isHot: boolean;
  slotType: string | null;
  minBet: number;
  minLine: number;
  prizeMode: string | null;
  lottoMode: string | null;
  iconUrl: string;
  mobileLargeIcon: string;
  playedAt?: string;
}
interface GamePage {
  games: GameItem[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  total: number;
}
interface Launch {
  url: string;
  mode: 'real' | 'fun';
  vendor: string;
  nodeId: string | null;
  expiresAt: string | null;
  prizeMode?: string;
  code?: string;
  playType?: 'trad' | 'ent';
}

const catalogue = gameCatalogue();
const ofVendor = (vendor: string) => catalogue.filter((g) => g.vassalage === vendor);
const rngCount = catalogue.filter((g) => g.gameType === 'RNG').length;

/** A 400 that names the field. */
function expectField(res: { status: number; body: Envelope }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.errorCode).toBe('validation.failed');
  expect((res.body.value as { field: string }).field).toBe(field);
}

describeBackends('game lobby', ({ server }) => {
  const list = (query: string, host?: string) => call<GamePage>(server().app, 'GET', `/wps/game/list?${query}`, { host });

  it('seeds 600+ games in every category, deterministically', async () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(600);
    expect(new Set(catalogue.map((g) => g.gameType))).toEqual(new Set(['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']));
    for (const vendor of ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT', 'ELOTT', 'DS88', 'TF', 'INHOUSE']) expect(ofVendor(vendor).length, vendor).toBeGreaterThan(0);
    expect(new Set(catalogue.map((g) => g.nameEn)).size).toBe(catalogue.length);
    const all = await list('pageSize=1');
    expect(all.body.value!.total).toBe(catalogue.length);
    // The second tenant has its own copy, with the same node ids.
    const en = await list('pageSize=1', EN);
    expect(en.body.value!.total).toBe(catalogue.length);
  });

  it('pages 26 games at a time with totalPages; page 2 differs from page 1', async () => {
    const one = await list('gameType=RNG&language=EN');
    expect(one.status).toBe(200);
    const p1 = one.body.value!;
    expect(p1.games).toHaveLength(26);
    expect(p1).toMatchObject({ pageNum: 1, pageSize: 26, total: rngCount, totalPages: Math.ceil(rngCount / 26) });
    const p2 = (await list('gameType=RNG&language=EN&page=2')).body.value!;
    expect(p2.pageNum).toBe(2);
    expect(p2.games).toHaveLength(26);
    const ids1 = new Set(p1.games.map((g) => g.nodeId));
    expect(p2.games.some((g) => ids1.has(g.nodeId))).toBe(false);
    // pageNo is the spec's other name for page.
    expect((await list('gameType=RNG&language=EN&pageNo=2')).body.value!.games).toEqual(p2.games);
    const last = (await list(`gameType=RNG&page=${p1.totalPages}`)).body.value!;
    expect(last.games).toHaveLength(rngCount - 26 * (p1.totalPages - 1));
    const past = (await list(`gameType=RNG&page=${p1.totalPages + 1}`)).body.value!;
    expect(past).toMatchObject({ games: [], total: rngCount, totalPages: p1.totalPages });
    expect((await list('gameType=RNG&pageSize=100')).body.value!.games).toHaveLength(100);
  });

  it('names games in the language asked for, the tenant default otherwise', async () => {
    const node = ofVendor('LUCKYREEL')[0];
    const find = (v: GamePage) => v.games.find((g) => g.nodeId === String(node.nodeId))!;
    expect(find((await list('vassalage=LUCKYREEL&pageSize=100&language=EN')).body.value!).gameName).toBe(node.nameEn);
    const ty = find((await list('vassalage=LUCKYREEL&pageSize=100&language=TY')).body.value!);
    expect(ty).toMatchObject({ gameName: node.nameTy, nodeName: node.nameTy });
    expect(find((await list('vassalage=LUCKYREEL&pageSize=100')).body.value!).gameName).toBe(node.nameTy);
    expect(find((await list('vassalage=LUCKYREEL&pageSize=100', EN)).body.value!).gameName).toBe(node.nameEn);
    // A listed language without content reads English.
    expect(find((await list('vassalage=LUCKYREEL&pageSize=100&language=JA')).body.value!).gameName).toBe(node.nameEn);
  });

  it('searches names case-insensitively in either language, wildcards taken literally', async () => {
    const temple = (await list('gameName=TeMpLe&language=EN&pageSize=100')).body.value!;
    const expected = catalogue.filter((g) => /temple/i.test(g.nameEn) || /temple/i.test(g.nameTy));
    expect(temple.total).toBe(expected.length);
    expect(temple.total).toBeGreaterThan(0);
    for (const g of temple.games) expect(g.gameName.toLowerCase()).toContain('temple');
    const ty = (await list('gameName=gintong&language=TY&pageSize=100')).body.value!;
    expect(ty.total).toBeGreaterThan(0);
    for (const g of ty.games) expect(g.gameName).toContain('Gintong');
    expect((await list('gameName=%25&pageSize=1')).body.value!.total).toBe(0);
    expect((await list('gameName=_&pageSize=1')).body.value!.total).toBe(0);
    expect((await list(`gameName=${encodeURIComponent("hold'em")}&pageSize=1`)).body.value!.total).toBeGreaterThan(0);
    // Blank search: no filter.
    expect((await list('gameName=%20&pageSize=1')).body.value!.total).toBe(catalogue.length);
  });

  it("searches a whole category, every page of it: 'Jade' finds every slot named so, new or not", async () => {
    const jade = catalogue.filter((g) => g.gameType === 'RNG' && /jade/i.test(`${g.nameEn} ${g.nameTy}`));
    // The seed has slots named 'Jade ...' ('Jade na ...' in Filipino), most of them not new.
    expect(jade.length).toBeGreaterThan(10);
    expect(jade.filter((g) => !g.isNew).length).toBeGreaterThan(jade.filter((g) => g.isNew).length);
    const first26 = (await list('gameType=RNG&gameClassify=ALL&gameName=Jade&language=TY')).body.value!;
    expect(first26).toMatchObject({ pageNum: 1, pageSize: 26, total: jade.length, totalPages: Math.ceil(jade.length / 26) });
    // Paged (5 to a page here, to turn pages): the pages together are every match, once.
    const found: GameItem[] = [];
    const first = (await list('gameType=RNG&gameClassify=ALL&gameName=Jade&language=TY&pageSize=5')).body.value!;
    expect(first.totalPages).toBe(Math.ceil(jade.length / 5));
    found.push(...first.games);
    for (let p = 2; p <= first.totalPages; p++) found.push(...(await list(`gameType=RNG&gameClassify=ALL&gameName=Jade&language=TY&pageSize=5&page=${p}`)).body.value!.games);
    expect(found.map((g) => g.nodeId).sort()).toEqual(jade.map((g) => String(g.nodeId)).sort());
    for (const g of found) expect(g.gameName).toMatch(/^Jade na /);
    // Only the new ones when the player asks for new games.
    const fresh = (await list('gameType=RNG&gameClassify=NEW&gameName=Jade&pageSize=100')).body.value!;
    expect(fresh.total).toBe(jade.filter((g) => g.isNew).length);
    expect(fresh.total).toBeLessThan(jade.length);
    // Nothing of another category.
    expect((await list('gameType=FISH&gameName=Jade&pageSize=100')).body.value!.games.every((g) => g.gameType === 'FISH')).toBe(true);
  });

  it('filters by vendor, new, hot, slot type, minimum bet and minimum lines, combined', async () => {
    const lucky = (await list('vassalage=LUCKYREEL&pageSize=100')).body.value!;
    expect(lucky.total).toBe(ofVendor('LUCKYREEL').length);
    expect(lucky.games.every((g) => g.vassalage === 'LUCKYREEL')).toBe(true);

    const fresh = (await list('gameType=RNG&isNew=1&pageSize=100')).body.value!;
    expect(fresh.total).toBe(catalogue.filter((g) => g.gameType === 'RNG' && g.isNew).length);
    expect(fresh.total).toBeLessThan(rngCount);
    expect(fresh.games.every((g) => g.gameClassifyNew && g.gameType === 'RNG')).toBe(true);
    expect((await list('gameType=RNG&gameClassify=NEW&pageSize=1')).body.value!.total).toBe(fresh.total);
    expect((await list('gameType=RNG&isNew=0&pageSize=1')).body.value!.total).toBe(rngCount);
    expect((await list('gameType=RNG&gameClassify=ALL&pageSize=1')).body.value!.total).toBe(rngCount);

    const hot = (await list('gameClassify=HOT&pageSize=100')).body.value!;
    expect(hot.games.every((g) => g.isHot)).toBe(true);
    const video = (await list('gameType=RNG&gameClassify=VIDEO&pageSize=100')).body.value!;
    expect(video.total).toBe(catalogue.filter((g) => g.slotType === 'VIDEO').length);
    expect(video.games.every((g) => g.slotType === 'VIDEO')).toBe(true);

    const cheap = (await list('gameType=RNG&minBet=0.05&pageSize=100')).body.value!;
    expect(cheap.total).toBe(catalogue.filter((g) => g.gameType === 'RNG' && g.minBet === 5).length);
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.games.every((g) => g.minBet === 0.05)).toBe(true);
    const lines = (await list('gameType=RNG&minLine=20&pageSize=100')).body.value!;
    expect(lines.total).toBeGreaterThan(0);
    expect(lines.games.every((g) => g.minLine === 20)).toBe(true);

    const both = (await list('gameType=RNG&vassalage=NEONSPIN&minBet=0.01&pageSize=100')).body.value!;
    expect(both.total).toBe(catalogue.filter((g) => g.vassalage === 'NEONSPIN' && g.minBet === 1).length);
    expect(both.games.every((g) => g.vassalage === 'NEONSPIN' && g.minBet === 0.01)).toBe(true);

    const inhouse = (await list('gameType=INHOUSE')).body.value!;
    expect(inhouse.games.map((g) => g.vassalage)).toEqual(['INHOUSE', 'INHOUSE', 'INHOUSE']);
    expect(inhouse.games.every((g) => g.gameType === 'RNG')).toBe(true);
    expect((await list('vassalage=NOSUCHVENDOR')).body.value).toMatchObject({ games: [], total: 0, totalPages: 0 });
  });

  it('refuses bad list parameters with 400 naming the field', async () => {
    expectField(await list('pageSize=101'), '/pageSize');
    expectField(await list('pageSize=0'), '/pageSize');
    expectField(await list('page=0'), '/page');
    expectField(await list('pageNo=abc'), '/pageNo');
    expectField(await list('gameType=CASINO'), '/gameType');
    expectField(await list('gameClassify=FAV'), '/gameClassify');
    expectField(await list('isNew=2'), '/isNew');
    expectField(await list('vassalage=lower'), '/vassalage');
    expectField(await list('minBet=abc'), '/minBet');
    expectField(await list('minBet=0'), '/minBet');
    expectField(await list('minLine=1.5'), '/minLine');
    expectField(await list(`gameName=${'x'.repeat(65)}`), '/gameName');
    expectField(await list('platform=ios'), '/platform');
    expectField(await list('language=english'), '/language');
    expectField(await list('sort=name'), '/sort');
  });

  it('lists hot games by rank without paging, per game type', async () => {
    const app = server().app;
    const all = await call<{ list: GameItem[] }>(app, 'GET', '/wps/game/hot?isPlatform=2&platform=html5&language=EN');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.value!)).toEqual(['list']);
    const hotCount = catalogue.filter((g) => g.isHot).length;
    expect(all.body.value!.list).toHaveLength(Math.min(hotCount, 100));
    expect(all.body.value!.list.every((g) => g.isHot)).toBe(true);
    const rank = new Map(catalogue.map((g) => [String(g.nodeId), g.hotRank!]));
    const ranks = all.body.value!.list.map((g) => rank.get(g.nodeId)!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const live = await call<{ list: GameItem[] }>(app, 'GET', '/wps/game/hot?gameType=LIVE');
    expect(live.body.value!.list.length).toBe(catalogue.filter((g) => g.isHot && g.gameType === 'LIVE').length);
    expect(live.body.value!.list.every((g) => g.gameType === 'LIVE')).toBe(true);
    expectField(await call(app, 'GET', '/wps/game/hot?isPlatform=1'), '/isPlatform');
    expectField(await call(app, 'GET', '/wps/game/hot?page=2'), '/page');
  });

  it('answers slot types, game types with vendors, and the category menu of the tenant', async () => {
    const app = server().app;
    const slots = await call<{ typeId: number; list: { code: string; name: string }[] }>(app, 'GET', '/wps/game/types?typeId=1&merchant_code=demoph01&language=EN');
    expect(slots.body.value!.list.map((t) => t.code)).toEqual(['CLASSIC', 'VIDEO', 'MULTILINE', 'JACKPOT', 'CLUSTER']);
    const types = await call<{ list: { code: string; vendors: { vassalage: string; games: number }[] }[] }>(app, 'GET', '/wps/game/types?typeId=2');
    const rng = types.body.value!.list.find((t) => t.code === 'RNG')!;
    expect(rng.vendors.map((v) => v.vassalage)).toContain('LUCKYREEL');
    expect(rng.vendors.reduce((n, v) => n + v.games, 0)).toBe(rngCount);
    expectField(await call(app, 'GET', '/wps/game/types?typeId=3'), '/typeId');

    type Categories = { sorting: string[]; categories: { gameCategory: string; vendorNames: { gameType: string; vassalage: string; accountTypeName: string }[] }[]; vendors: { vassalage: string; name: string }[] };
    const cats = await call<Categories>(app, 'GET', '/wps/game/categories');
    const v = cats.body.value!;
    expect(v.sorting).toEqual(server().app.tenants.byHost('demo-ph.localhost')!.categories.sorting);
    // The tenant's order first.
    const listed = v.sorting.filter((c) => v.categories.some((x) => x.gameCategory === c));
    expect(listed.length).toBeGreaterThan(5);
    expect(v.categories.slice(0, listed.length).map((c) => c.gameCategory)).toEqual(listed);
    const sports = v.categories.find((c) => c.gameCategory === 'SPORTS')!;
    expect(sports.vendorNames.map((n) => n.gameType)).toEqual(expect.arrayContaining(['SPORTS', 'COCKFIGHT', 'ESPORTS']));
    expect(sports.vendorNames.find((n) => n.gameType === 'COCKFIGHT')!.vassalage).toBe('DS88');
    expect(sports.vendorNames.find((n) => n.gameType === 'ESPORTS')!.vassalage).toBe('TF');
    // The in-house vendor is named in the player's language (a studio keeps its brand name).
    expect(v.categories.find((c) => c.gameCategory === 'INHOUSE')!.vendorNames).toEqual([{ gameType: 'RNG', vassalage: 'INHOUSE', accountTypeName: 'Sariling laro' }]);
    expect(v.vendors.find((x) => x.vassalage === 'INHOUSE')!.name).toBe('Sariling laro');
    expect(v.vendors.find((x) => x.vassalage === 'JADEPLAY')!.name).toBe('Jade Play');
    const english = (await call<typeof v>(app, 'GET', '/wps/game/categories?language=EN')).body.value!;
    expect(english.vendors.find((x) => x.vassalage === 'INHOUSE')!.name).toBe('In-house games');
    expect(v.categories.find((c) => c.gameCategory === 'LOTT')!.vendorNames.map((n) => n.vassalage)).toEqual(['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT']);
    expect(v.vendors.length).toBe(new Set(catalogue.map((g) => g.vassalage)).size);
    expectField(await call(app, 'GET', '/wps/game/categories?foo=1'), '/foo');
  });

  it('answers hot matches whose games can be launched, lottery games by prize mode, and the jackpot', async () => {
    const app = server().app;
    type Match = { league: string; vendor: string; nodeId: string; roomId: string; matchTime: string };
    const matches = (await call<{ list: Match[] }>(app, 'GET', '/wps/game/hotMatches')).body.value!.list;
    expect(matches).toHaveLength(4);
    const token = await tokenFor(app, 'demoteam3');
    for (const m of matches) {
      expect(m.matchTime).toMatch(/^\d{4}-\d\d-\d\dT/);
      const game = catalogue.find((g) => String(g.nodeId) === m.nodeId)!;
      expect(game.vassalage).toBe(m.vendor);
      const launch = await call<Launch>(app, 'POST', '/wps/game/launch', { token, body: { vendor: m.vendor, nodeId: m.nodeId, roomId: m.roomId, supportPlay: false } });
      expect(launch.status, JSON.stringify(launch.body)).toBe(200);
    }

    for (const mode of ['Lott', 'ZY', 'Elott']) {
      const res = await call<{ list: GameItem[] }>(app, 'GET', `/wps/game/lottery?prizeMode=${mode}`);
      expect(res.body.value!.list.length, mode).toBe(catalogue.filter((g) => g.prizeMode === mode).length);
      expect(res.body.value!.list.length).toBeGreaterThan(0);
      expect(res.body.value!.list.every((g) => g.prizeMode === mode && ['LOTT', 'ELOTT'].includes(g.gameType))).toBe(true);
    }
    expect((await call<{ list: GameItem[] }>(app, 'GET', '/wps/game/lottery?prizeMode=Elott')).body.value!.list.every((g) => g.gameType === 'ELOTT')).toBe(true);
    expectField(await call(app, 'GET', '/wps/game/lottery'), '/prizeMode');
    expectField(await call(app, 'GET', '/wps/game/lottery?prizeMode=Big'), '/prizeMode');

    const jackpot = await call<{ amount: number; perSecond: number; currencySymbol: string; asOf: string }>(app, 'GET', '/wps/game/jackpot');
    expect(jackpot.res.headers['cache-control']).toBe('no-store');
    const j = jackpot.body.value!;
    expect(j.amount).toBeGreaterThanOrEqual(200_000_000);
    expect(j.amount).toBeLessThan(1_000_000_000);
    expect(Math.round(j.amount * 100)).toBe(j.amount * 100);
    expect(j).toMatchObject({ perSecond: 75, currencySymbol: '₱' });
    const again = (await call<{ amount: number }>(app, 'GET', '/wps/game/jackpot')).body.value!;
    expect(again.amount).toBeGreaterThanOrEqual(j.amount);
  });

  it('ranks the paid bets of today by win amount, 20 by default, by GET or POST relay', async () => {
    const app = server().app;
    type Winner = { customerName: string; gameName: string; winAmount: number; gameType: string | null; nodeId: string | null; iconUrl: string };
    // 22 paid bets on the slot and one on a live-casino game, today: the board keeps the 20 biggest.
    const player = await fundedPlayer(app, 10_000_000);
    for (let i = 1; i <= 22; i++) await placeBet(app, player.memberId, player.walletId, { stake: 1_000, win: 100_000 + i * 1_001 });
    const live = catalogue.find((g) => g.gameType === 'LIVE')!;
    await placeBet(app, player.memberId, player.walletId, { stake: 1_000, win: 1_500, gameType: 'LIVE', vassalage: live.vassalage, nodeId: live.nodeId });
    const get = await call<{ list: Winner[]; currencySymbol: string }>(app, 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN');
    const board = get.body.value!.list;
    expect(board).toHaveLength(20);
    expect(board.map((w) => w.winAmount)).toEqual([...board.map((w) => w.winAmount)].sort((a, b) => b - a));
    expect(board[0].winAmount).toBe(1220.22);
    for (const w of board) {
      expect(w.customerName).toMatch(/^.{1,2}\*\*\*.{0,2}$/);
      expect(catalogue.find((g) => String(g.nodeId) === w.nodeId)!.nameEn).toBe(w.gameName);
    }
    const post = await call<{ list: Winner[] }>(app, 'POST', '/wps/relay/GCSGAME_getRankList', { body: { gameCategory: 'ALL', language: 'EN', limitNum: 20 } });
    expect(post.body.value!.list).toEqual(board);
    const empty = await call<{ list: Winner[] }>(app, 'POST', '/wps/relay/GCSGAME_getRankList');
    expect(empty.body.value!.list).toHaveLength(20);
    const five = await call<{ list: Winner[] }>(app, 'GET', '/wps/relay/GCSGAME_getRankList?limitNum=5');
    expect(five.body.value!.list.map((w) => w.winAmount)).toEqual(board.slice(0, 5).map((w) => w.winAmount));
    const liveBoard = await call<{ list: Winner[] }>(app, 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=LIVE&limitNum=100');
    expect(liveBoard.body.value!.list.map((w) => w.winAmount)).toContain(15);
    expect(liveBoard.body.value!.list.every((w) => w.gameType === 'LIVE')).toBe(true);
    const inhouse = await call<{ list: Winner[] }>(app, 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=INHOUSE&limitNum=100');
    expect(inhouse.body.value!.list.length).toBeGreaterThanOrEqual(22);
    expect(inhouse.body.value!.list.map((w) => w.winAmount)).not.toContain(15);
    const ty = await call<{ list: Winner[] }>(app, 'GET', '/wps/relay/GCSGAME_getRankList?language=TY&limitNum=1');
    expect(ty.body.value!.list[0].gameName).toBe(catalogue.find((g) => String(g.nodeId) === board[0].nodeId)!.nameTy);
    expectField(await call(app, 'GET', '/wps/relay/GCSGAME_getRankList?limitNum=101'), '/limitNum');
    expectField(await call(app, 'GET', '/wps/relay/GCSGAME_getRankList?gameCategory=HOT'), '/gameCategory');
    expectField(await call(app, 'POST', '/wps/relay/GCSGAME_getRankList', { body: { limitNum: '5' } }), '/limitNum');
  });

  it('draws icons as cacheable PNGs', async () => {
    const app = server().app;
    const small = await app.inject({ url: '/wps/game/icon/10001.png', headers: { host: 'demo-ph.localhost' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/png');
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(small.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(small.rawPayload.readUInt32BE(16)).toBe(120);
    const large = await app.inject({ url: '/wps/game/icon/10001.png?size=240', headers: { host: 'demo-ph.localhost' } });
    expect(large.rawPayload.readUInt32BE(16)).toBe(240);
    const again = await app.inject({ url: '/wps/game/icon/10001.png', headers: { host: 'demo-ph.localhost' } });
    expect(again.rawPayload.equals(small.rawPayload)).toBe(true);
    const vendor = await app.inject({ url: '/wps/game/icon/vendor/DS88.png', headers: { host: 'demo-ph.localhost' } });
    expect(vendor.statusCode).toBe(200);
    const missing = await call(app, 'GET', '/wps/game/icon/99999.png');
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('not.found');
    expect((await call(app, 'GET', '/wps/game/icon/vendor/NOPE.png')).status).toBe(404);
    expectField(await call(app, 'GET', '/wps/game/icon/10001.png?size=64'), '/size');
    expectField(await call(app, 'GET', '/wps/game/icon/0.png'), '/nodeId');
    // Every game item points at its icon.
    const item = (await list('vassalage=DS88')).body.value!.games[0];
    expect(item.iconUrl).toBe(`/wps/game/icon/${item.nodeId}.png`);
    expect(item.mobileLargeIcon).toBe(`/wps/game/icon/${item.nodeId}.png?size=240`);
  });

  it('adds favourites idempotently, lists them 26 a page, gives their ids and removes them', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoplayer');
    const add = (nodeId: number, vendor: string) => call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: String(nodeId), vendor } });
    const rng = catalogue.filter((g) => g.gameType === 'RNG').slice(0, 28);
    const live = catalogue.filter((g) => g.gameType === 'LIVE').slice(0, 2);
    for (const g of [...rng, ...live]) expect((await add(g.nodeId, g.vassalage)).status).toBe(200);
    expect((await add(rng[0].nodeId, rng[0].vassalage)).body).toEqual({ success: true, value: true });

    const ids = await call<string[]>(app, 'GET', '/wps/game/favourites/ids', { token });
    expect(ids.body.value).toHaveLength(30);
    expect(new Set(ids.body.value)).toEqual(new Set([...rng, ...live].map((g) => String(g.nodeId))));

    const page1 = await call<GamePage>(app, 'GET', '/wps/game/favourites?pageNo=1&language=EN', { token });
    expect(page1.body.value).toMatchObject({ pageNum: 1, pageSize: 26, total: 30, totalPages: 2 });
    expect(page1.body.value!.games).toHaveLength(26);
    const page2 = await call<GamePage>(app, 'GET', '/wps/game/favourites?pageNo=2', { token });
    expect(page2.body.value!.games).toHaveLength(4);
    const slots = await call<GamePage>(app, 'GET', '/wps/game/favourites?gameType=RNG&pageSize=50', { token });
    expect(slots.body.value!.total).toBe(28);
    expect(slots.body.value!.games.every((g) => g.gameType === 'RNG')).toBe(true);

    const removed = await call(app, 'DELETE', `/wps/game/favourites?nodeId=${live[0].nodeId}&vendor=${live[0].vassalage}`, { token });
    expect(removed.body).toEqual({ success: true, value: true });
    expect((await call(app, 'DELETE', `/wps/game/favourites?nodeId=${live[0].nodeId}&vendor=${live[0].vassalage}`, { token })).status).toBe(200);
    const after = await call<string[]>(app, 'GET', '/wps/game/favourites/ids', { token });
    expect(after.body.value).toHaveLength(29);
    expect(after.body.value).not.toContain(String(live[0].nodeId));

    // Another member's favourites are their own.
    const other = await tokenFor(app, 'demoteam1');
    expect((await call<string[]>(app, 'GET', '/wps/game/favourites/ids', { token: other })).body.value).toEqual([]);
  });

  it('refuses favourites of unknown games, of the wrong vendor, bad input and visitors', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam1');
    const game = catalogue[0];
    expect((await call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: '99999', vendor: game.vassalage } })).status).toBe(404);
    expect((await call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: String(game.nodeId), vendor: 'DS88' } })).body.errorCode).toBe('not.found');
    expectField(await call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: game.nodeId, vendor: game.vassalage } }), '/nodeId');
    expectField(await call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: String(game.nodeId) } }), '/vendor');
    expectField(await call(app, 'POST', '/wps/game/favourites', { token, body: { nodeId: String(game.nodeId), vendor: game.vassalage, x: 1 } }), '/x');
    expectField(await call(app, 'DELETE', '/wps/game/favourites?nodeId=abc&vendor=DS88', { token }), '/nodeId');
    expectField(await call(app, 'GET', '/wps/game/favourites?pageSize=0', { token }), '/pageSize');
    for (const [method, url] of [
      ['POST', '/wps/game/favourites'],
      ['DELETE', `/wps/game/favourites?nodeId=${game.nodeId}&vendor=${game.vassalage}`],
      ['GET', '/wps/game/favourites'],
      ['GET', '/wps/game/favourites/ids'],
      ['GET', `/wps/game/recent/add?nodeId=${game.nodeId}&vendor=${game.vassalage}`],
      ['GET', '/wps/game/recent'],
    ] as const) {
      const res = await call(app, method, url, method === 'POST' ? { body: { nodeId: String(game.nodeId), vendor: game.vassalage } } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.errorCode).toBe('session.required');
    }
  });

  it('records recent plays and lists them latest first, 25 a page', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam1');
    const played = catalogue.filter((g) => g.gameType === 'RNG').slice(40, 70);
    for (const g of played) {
      const res = await call(app, 'GET', `/wps/game/recent/add?nodeId=${g.nodeId}&vendor=${g.vassalage}`, { token });
      expect(res.body).toEqual({ success: true, value: true });
    }
    // Playing one again moves it to the top, without a duplicate.
    await call(app, 'GET', `/wps/game/recent/add?nodeId=${played[0].nodeId}&vendor=${played[0].vassalage}`, { token });
    type RecentPage = Omit<GamePage, 'games'> & { list: GameItem[] };
    const page1 = (await call<RecentPage>(app, 'GET', '/wps/game/recent?page=1&clientType=2&language=EN', { token })).body.value!;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 25, total: 30, totalPages: 2 });
    expect(page1.list).toHaveLength(25);
    expect(page1.list[0].nodeId).toBe(String(played[0].nodeId));
    expect(page1.list[1].nodeId).toBe(String(played[29].nodeId));
    const times = page1.list.map((g) => Date.parse(g.playedAt!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page2 = (await call<RecentPage>(app, 'GET', '/wps/game/recent?page=2', { token })).body.value!;
    expect(page2.list).toHaveLength(5);
    expect((await call<RecentPage>(app, 'GET', '/wps/game/recent?gameType=LIVE', { token })).body.value!.total).toBe(0);
    expectField(await call(app, 'GET', '/wps/game/recent?clientType=1', { token }), '/clientType');
    expectField(await call(app, 'GET', '/wps/game/recent?pageSize=101', { token }), '/pageSize');
    expect((await call(app, 'GET', `/wps/game/recent/add?nodeId=${played[0].nodeId}&vendor=TF`, { token })).status).toBe(404);
  });

  it('launches for members with a one-time token and records the play', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam2');
    const slot = ofVendor('JADEPLAY')[3];
    const res = await call<Launch>(app, 'POST', '/wps/game/launch', { token, body: { vendor: slot.vassalage, nodeId: String(slot.nodeId), gameId: slot.gameId, supportPlay: true, language: 'EN', returnUrl: '/m/gameList?gameType=RNG' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v = res.body.value!;
    expect(v).toMatchObject({ mode: 'real', vendor: 'JADEPLAY', nodeId: String(slot.nodeId) });
    expect(Date.parse(v.expiresAt!) - Date.now()).toBeGreaterThan(60_000);
    const url = new URL(v.url, 'http://x');
    expect(url.pathname).toBe('/wps/game/vendor/play');
    expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('returnUrl')).toBe('/m/gameList?gameType=RNG');
    expect(v.prizeMode).toBeUndefined();
    const recent = await call<{ list: GameItem[] }>(app, 'GET', '/wps/game/recent', { token });
    expect(recent.body.value!.list[0].nodeId).toBe(String(slot.nodeId));
    // By the vendor's game id instead of the node id.
    const byGameId = await call<Launch>(app, 'POST', '/wps/game/launch', { token, body: { vendor: slot.vassalage, gameId: slot.gameId } });
    expect(byGameId.body.value!.nodeId).toBe(String(slot.nodeId));
    // The stand-in vendor page answers the URL.
    const page = await app.inject({ url: v.url, headers: { host: 'demo-ph.localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(slot.nameEn);
    expect(page.body).toContain('href="/m/gameList?gameType=RNG"');
  });

  it('launches free play for visitors only where the game supports it', async () => {
    const app = server().app;
    const free = catalogue.find((g) => g.supportPlay)!;
    const paid = catalogue.find((g) => !g.supportPlay && g.gameType === 'RNG')!;
    const ok = await call<Launch>(app, 'POST', '/wps/game/launch', { body: { vendor: free.vassalage, nodeId: String(free.nodeId), supportPlay: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ mode: 'fun', expiresAt: null });
    expect(new URL(ok.body.value!.url, 'http://x').searchParams.get('token')).toBeNull();
    expect(new URL(ok.body.value!.url, 'http://x').searchParams.get('mode')).toBe('fun');
    for (const body of [
      { vendor: paid.vassalage, nodeId: String(paid.nodeId), supportPlay: true },
      { vendor: 'INHOUSE' },
      { vendor: 'LOTT' },
      { vendor: 'PITCHLINE' },
    ]) {
      const res = await call(app, 'POST', '/wps/game/launch', { body });
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body.errorCode).toBe('session.required');
    }
    // A stale token makes a visitor.
    const stale = await call(app, 'POST', '/wps/game/launch', { token: 'x'.repeat(43), body: { vendor: paid.vassalage, nodeId: String(paid.nodeId) } });
    expect(stale.status).toBe(401);
  });

  it('opens lottery vendors with prize mode, game code (default lobby) and play type', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam2');
    const launch = async (body: object) => {
      const res = await call<Launch>(app, 'POST', '/wps/game/launch', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const v = res.body.value!;
      const q = new URL(v.url, 'http://x').searchParams;
      expect([q.get('prize_mode'), q.get('code'), q.get('playType')]).toEqual([v.prizeMode, v.code, v.playType]);
      return v;
    };
    expect(await launch({ vendor: 'LOTT' })).toMatchObject({ prizeMode: 'Lott', code: 'lobby', playType: 'trad', nodeId: null });
    expect(await launch({ vendor: 'TCG_SEA' })).toMatchObject({ prizeMode: 'ZY', code: 'lobby', playType: 'ent' });
    expect(await launch({ vendor: 'ELOTT' })).toMatchObject({ prizeMode: 'Elott', code: 'lobby', playType: 'ent' });
    expect(await launch({ vendor: 'TCG_LOTTO_VN' })).toMatchObject({ prizeMode: 'Lott', code: 'lobby', playType: 'trad' });
    const vn = ofVendor('TCG_LOTTO_VN');
    const zy = vn.find((g) => g.prizeMode === 'ZY')!;
    expect(await launch({ vendor: 'TCG_LOTTO_VN', nodeId: String(zy.nodeId) })).toMatchObject({ prizeMode: 'ZY', code: zy.gameId, playType: zy.lottoMode!.includes('Entertainment') ? 'ent' : 'trad' });
    const ent = vn.find((g) => g.lottoMode!.includes('Entertainment'))!;
    expect(await launch({ vendor: 'TCG_LOTTO_VN', gameId: ent.gameId })).toMatchObject({ code: ent.gameId, playType: 'ent' });
    const trad = vn.find((g) => g.lottoMode === 'Tradition')!;
    expect(await launch({ vendor: 'TCG_LOTTO_VN', nodeId: String(trad.nodeId) })).toMatchObject({ code: trad.gameId, playType: 'trad' });
    // Other vendors carry no lottery fields.
    const slot = await call<Launch>(app, 'POST', '/wps/game/launch', { token, body: { vendor: 'LUCKYREEL', nodeId: String(ofVendor('LUCKYREEL')[0].nodeId) } });
    expect(slot.body.value).not.toHaveProperty('prizeMode');
    expect(new URL(slot.body.value!.url, 'http://x').searchParams.has('prize_mode')).toBe(false);
  });

  it('refuses launches of unknown games, mismatched vendors and bad input', async () => {
    const app = server().app;
    const token = await tokenFor(app, 'demoteam2');
    const game = ofVendor('LUCKYREEL')[0];
    const post = (body: unknown) => call(app, 'POST', '/wps/game/launch', { token, body });
    expect((await post({ vendor: 'NOSUCH' })).status).toBe(404);
    expect((await post({ vendor: 'LUCKYREEL', nodeId: '99999' })).status).toBe(404);
    expect((await post({ vendor: 'DS88', nodeId: String(game.nodeId) })).status).toBe(404);
    expect((await post({ vendor: 'LUCKYREEL', gameId: 'NOPE-1' })).status).toBe(404);
    expectField(await post({}), '/vendor');
    expectField(await post({ vendor: 'LUCKYREEL', nodeId: 10001 }), '/nodeId');
    expectField(await post({ vendor: 'LUCKYREEL', supportPlay: 'yes' }), '/supportPlay');
    expectField(await post({ vendor: 'LUCKYREEL', returnUrl: 'https://evil.example/' }), '/returnUrl');
    expectField(await post({ vendor: 'LUCKYREEL', returnUrl: '//evil.example/' }), '/returnUrl');
    expectField(await post({ vendor: 'LUCKYREEL', returnUrl: '/m/"><script>' }), '/returnUrl');
    expectField(await post({ vendor: 'LUCKYREEL', platform: 'ios' }), '/platform');
    expectField(await post({ vendor: 'LUCKYREEL', extra: 1 }), '/extra');
  });
});
