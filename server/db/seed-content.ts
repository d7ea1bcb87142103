/**
 * Demo content seeded for every tenant (announcements, help, promotions) and the demo
 * members' inbox. Text exists in English (EN) and Filipino (TY), the two shipped languages.
 * Images are generated SVG data URLs: nothing copyrighted, nothing to host.
 */

export type Lang = 'EN' | 'TY';
export const SEED_LANGS: Lang[] = ['EN', 'TY'];

type Bilingual = Record<Lang, string>;

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The banner's size (its viewBox): 750x300, shown full width on a phone (375 px: half size). */
const BANNER_WIDTH = 750;
const BANNER_HEIGHT = 300;
/**
 * The band every screen shows whole: the promotion list and detail crop the banner to 3:1 (CSS
 * object-fit: cover), cutting 25 units off its top and bottom. The headline stays inside it.
 */
export const HEADLINE_BAND = { top: 25 + 10, bottom: BANNER_HEIGHT - 25 - 10 };
/** The headline's left edge; the same margin keeps it off the right edge. */
const HEADLINE_X = 40;
/** Width the headline may take: the banner less a margin either side. */
export const HEADLINE_MAX_WIDTH = BANNER_WIDTH - 2 * HEADLINE_X;
/** Font sizes tried, largest first: the largest at which the headline fits its lines wins. */
const HEADLINE_SIZES = [52, 46, 40, 34];
const HEADLINE_MAX_LINES = 3;
const LINE_HEIGHT = 1.15;

/**
 * Advance widths (em) of bold sans-serif characters, taken from DejaVu Sans Bold, the widest sans
 * a phone or Debian's Chromium falls back to: a headline that fits by these widths fits in any
 * common sans-serif. Characters not listed count as the widest capital.
 */
const WIDE = 1.1;
const ADVANCE: Record<string, number> = {
  ...Object.fromEntries([...'abdeghknopquvy'].map((c) => [c, 0.72])),
  ...Object.fromEntries([...'csxz'].map((c) => [c, 0.6])),
  ...Object.fromEntries([...'ijl'].map((c) => [c, 0.35])),
  f: 0.44,
  r: 0.5,
  t: 0.48,
  m: 1.05,
  w: 0.93,
  ...Object.fromEntries([...'ABCDEGHKNOQRSUVXYZ'].map((c) => [c, 0.86])),
  ...Object.fromEntries([...'FJLPT'].map((c) => [c, 0.74])),
  I: 0.38,
  M: 1.0,
  W: 1.11,
  ...Object.fromEntries([...'0123456789'].map((c) => [c, 0.7])),
  ' ': 0.35,
  ',': 0.38,
  '.': 0.38,
  ':': 0.4,
  '!': 0.44,
  '?': 0.58,
  '-': 0.42,
  "'": 0.33,
  '%': 1.0,
  '+': 0.84,
  '₱': 0.84,
  '&': 0.87,
};

/** A text's width at `fontSize` by the advance widths above: never less than a common sans-serif draws it. */
export function headlineWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += ADVANCE[c] ?? WIDE;
  return em * fontSize;
}

/** The words of `text` in lines of at most `max` wide at `fontSize`, or null when a word alone is wider. */
function wrap(text: string, fontSize: number, max: number): string[] | null {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (headlineWidth(word, fontSize) > max) return null;
    const last = lines.at(-1);
    if (last !== undefined && headlineWidth(`${last} ${word}`, fontSize) <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * How a headline is set on a banner: the largest size at which its words wrap into at most three
 * lines inside the banner's margins (a word is never broken), the lines then balanced (the
 * narrowest width that keeps their number, so no word is left alone on the last line). A headline
 * that fits at no size is a seeding mistake: it throws rather than draw text cut by the banner's edge.
 */
export function headlineLayout(headline: string): { fontSize: number; lines: string[] } {
  for (const fontSize of HEADLINE_SIZES) {
    let lines = wrap(headline, fontSize, HEADLINE_MAX_WIDTH);
    if (!lines || lines.length > HEADLINE_MAX_LINES || lines.length * fontSize * LINE_HEIGHT > HEADLINE_BAND.bottom - HEADLINE_BAND.top) continue;
    for (let width = HEADLINE_MAX_WIDTH - 10; lines.length > 1; width -= 10) {
      const narrower = wrap(headline, fontSize, width);
      if (!narrower || narrower.length > lines.length) break;
      lines = narrower;
    }
    return { fontSize, lines };
  }
  throw new RangeError(`banner headline too long for ${BANNER_WIDTH}x${BANNER_HEIGHT}: ${JSON.stringify(headline)}`);
}

/** A 750x300 banner in two colours with a headline, wrapped and sized to fit (headlineLayout), centred vertically. */
export function bannerImage(headline: string, from: string, to: string): string {
  const { fontSize, lines } = headlineLayout(headline);
  const step = fontSize * LINE_HEIGHT;
  // The first baseline: the block of lines centred on the banner (a baseline sits ~0.35 em below a line's middle).
  const first = BANNER_HEIGHT / 2 - ((lines.length - 1) * step) / 2 + 0.35 * fontSize;
  const text = lines.map((line, i) => `<tspan x="${HEADLINE_X}" y="${Math.round(first + i * step)}">${escapeXml(line)}</tspan>`).join('');
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" viewBox="0 0 ${BANNER_WIDTH} ${BANNER_HEIGHT}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="${BANNER_WIDTH}" height="${BANNER_HEIGHT}" fill="url(#g)"/>` +
      `<circle cx="640" cy="70" r="120" fill="#ffffff" fill-opacity="0.12"/>` +
      `<text font-family="sans-serif" font-size="${fontSize}" font-weight="700" fill="#ffffff">${text}</text>` +
      `</svg>`,
  );
}

/** A round team badge with initials. */
export function badgeImage(initials: string, color: string): string {
  return svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
      `<circle cx="48" cy="48" r="46" fill="${color}"/>` +
      `<text x="48" y="60" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>` +
      `</svg>`,
  );
}

export interface SeedAnnouncement {
  type: 'B' | 'PL' | 'PU' | 'H' | 'A';
  groupName: 'm_home' | 'm_reg';
  lang: Lang | null;
  title: string;
  content: string;
  imageUrl?: string;
  linkUrl?: string;
  execution?: 'A' | 'B' | 'F';
  promotionType?: string;
  data?: Record<string, unknown>;
}

/** Home banners, one row per language with the title drawn in that language. */
const BANNERS: { title: Bilingual; colors: [string, string]; link: string }[] = [
  { title: { EN: 'Welcome bonus 100%', TY: 'Bonus sa pagsali 100%' }, colors: ['#c8102e', '#f5b400'], link: '/m/activity' },
  { title: { EN: 'Daily cashback', TY: 'Araw-araw na cashback' }, colors: ['#0b5cad', '#19a974'], link: '/m/rewardCenter' },
  { title: { EN: 'Invite friends, earn more', TY: 'Mag-imbita, kumita pa' }, colors: ['#5b2a86', '#e0457b'], link: '/m/inviteFriends' },
];

/** The registration page's banner. */
const REGISTER_BANNER: Bilingual = { EN: 'Register and play', TY: 'Magparehistro at maglaro' };

const NOTICES: Bilingual[][] = [
  [
    { EN: 'Scheduled maintenance', TY: 'Nakatakdang maintenance' },
    {
      EN: '<p>Some game vendors will be under maintenance on Sunday from 02:00 to 04:00.</p>',
      TY: '<p>Ang ilang game vendor ay sasailalim sa maintenance sa Linggo mula 02:00 hanggang 04:00.</p>',
    },
  ],
  [
    { EN: 'New slot games added', TY: 'May mga bagong slot game' },
    {
      EN: '<p>Twenty new slot games are now in the <b>RNG</b> lobby. Try them today!</p>',
      TY: '<p>Dalawampung bagong slot game ang nasa <b>RNG</b> lobby na. Subukan na ngayon!</p>',
    },
  ],
  [
    { EN: 'Keep your account safe', TY: 'Panatilihing ligtas ang iyong account' },
    {
      EN: '<p>We will never ask for your password. Change it regularly in the security center.</p>',
      TY: '<p>Hindi namin kailanman hihingin ang iyong password. Palitan ito nang regular sa security center.</p>',
    },
  ],
];

const POPUPS: { execution: 'A' | 'B' | 'F'; promotionType: string | null; title: Bilingual; content: Bilingual }[] = [
  {
    execution: 'B',
    promotionType: 'REFERRAL',
    title: { EN: 'Welcome!', TY: 'Maligayang pagdating!' },
    content: {
      EN: '<p>Register today and claim your welcome bonus. <a href="/m/register">Register now</a></p>',
      TY: '<p>Magparehistro ngayon at kunin ang iyong welcome bonus. <a href="/m/register">Magparehistro na</a></p>',
    },
  },
  {
    execution: 'A',
    promotionType: 'MISSION',
    title: { EN: 'Weekly missions are live', TY: 'Bukas na ang lingguhang mission' },
    content: {
      EN: '<p>Complete missions this week for extra rewards. <a href="/m/rewardCenter">Go to rewards</a></p>',
      TY: '<p>Tapusin ang mga mission ngayong linggo para sa dagdag na gantimpala. <a href="/m/rewardCenter">Pumunta sa rewards</a></p>',
    },
  },
  {
    execution: 'F',
    promotionType: null,
    title: { EN: 'Thanks for joining', TY: 'Salamat sa pagsali' },
    content: {
      EN: '<p>Your account is ready. Visit the <a href="/m/securityCenter">security center</a> to protect it.</p>',
      TY: '<p>Handa na ang iyong account. Bisitahin ang <a href="/m/securityCenter">security center</a> para protektahan ito.</p>',
    },
  },
];

const AGENT_NOTICES: Bilingual[][] = [
  [
    { EN: 'Commission report is ready', TY: 'Handa na ang ulat ng komisyon' },
    { EN: '<p>Last month\u2019s commission report is available in the team overview.</p>', TY: '<p>Makikita na ang ulat ng komisyon noong nakaraang buwan sa team overview.</p>' },
  ],
  [
    { EN: 'New rebate rates', TY: 'Bagong rebate rate' },
    { EN: '<p>Rebate rates for slots increase to 1.2% from next Monday.</p>', TY: '<p>Tataas sa 1.2% ang rebate rate ng slots simula sa susunod na Lunes.</p>' },
  ],
  [
    { EN: 'Agent training session', TY: 'Training para sa mga agent' },
    { EN: '<p>Join the online training on Friday at 15:00.</p>', TY: '<p>Sumali sa online training sa Biyernes, 15:00.</p>' },
  ],
];

/**
 * Every announcement of a tenant: banners (home, registration), notices, popups, agent notices.
 * Hot matches have their own table (server/db/seed-games.ts).
 */
export function seedAnnouncements(): SeedAnnouncement[] {
  const list: SeedAnnouncement[] = [];
  for (const lang of SEED_LANGS) {
    for (const b of BANNERS) {
      list.push({ type: 'B', groupName: 'm_home', lang, title: b.title[lang], content: '', imageUrl: bannerImage(b.title[lang], ...b.colors), linkUrl: b.link });
    }
    list.push({ type: 'B', groupName: 'm_reg', lang, title: REGISTER_BANNER[lang], content: '', imageUrl: bannerImage(REGISTER_BANNER[lang], '#0b5cad', '#5b2a86') });
  }
  for (const lang of SEED_LANGS) {
    for (const [title, content] of NOTICES) list.push({ type: 'PL', groupName: 'm_home', lang, title: title[lang], content: content[lang] });
    for (const p of POPUPS) {
      list.push({
        type: 'PU',
        groupName: 'm_home',
        lang,
        title: p.title[lang],
        content: p.content[lang],
        execution: p.execution,
        promotionType: p.promotionType ?? undefined,
      });
    }
    for (const [title, content] of AGENT_NOTICES) list.push({ type: 'A', groupName: 'm_home', lang, title: title[lang], content: content[lang] });
  }
  return list;
}

export const HELP_ITEMS: Bilingual[][] = [
  [
    { EN: 'How do I register?', TY: 'Paano magparehistro?' },
    {
      EN: '<p>Tap <b>Register</b>, choose a username and a password, and confirm that you are of legal age. You can also register with your mobile number.</p>',
      TY: '<p>I-tap ang <b>Magparehistro</b>, pumili ng username at password, at kumpirmahing nasa hustong gulang ka na. Maaari ka ring magparehistro gamit ang iyong mobile number.</p>',
    },
  ],
  [
    { EN: 'How do I deposit?', TY: 'Paano mag-deposito?' },
    {
      EN: '<p>Open <b>Deposit</b> from the home page, choose a payment method and follow the steps. Deposits usually arrive within minutes.</p>',
      TY: '<p>Buksan ang <b>Deposito</b> mula sa home page, pumili ng paraan ng pagbabayad at sundin ang mga hakbang. Karaniwang pumapasok ang deposito sa loob ng ilang minuto.</p>',
    },
  ],
  [
    { EN: 'How do I withdraw?', TY: 'Paano mag-withdraw?' },
    {
      EN: '<p>Open <b>Withdraw</b>, enter the amount and your payment password. Withdrawals are reviewed and paid out to your registered account.</p>',
      TY: '<p>Buksan ang <b>Withdraw</b>, ilagay ang halaga at ang iyong payment password. Sinusuri ang withdrawal at ipinapadala sa iyong nakarehistrong account.</p>',
    },
  ],
  [
    { EN: 'I forgot my password', TY: 'Nakalimutan ko ang aking password' },
    {
      EN: '<p>Use <b>Forgot password</b> on the login page. You can recover your account by e-mail or, where available, by SMS.</p>',
      TY: '<p>Gamitin ang <b>Nakalimutan ang password</b> sa login page. Mababawi mo ang iyong account sa pamamagitan ng e-mail o, kung mayroon, sa SMS.</p>',
    },
  ],
  [
    { EN: 'Is my account secure?', TY: 'Ligtas ba ang aking account?' },
    {
      EN: '<p>Passwords are stored hashed and every login is encrypted. Never share your password or SMS codes with anyone.</p>',
      TY: '<p>Naka-hash ang mga password at naka-encrypt ang bawat login. Huwag ibahagi kaninuman ang iyong password o SMS code.</p>',
    },
  ],
  [
    { EN: 'Responsible gaming', TY: 'Responsableng paglalaro' },
    {
      EN: '<p>Play for fun and set yourself limits. Contact customer service if you want to pause your account.</p>',
      TY: '<p>Maglaro para sa kasiyahan at magtakda ng sariling limitasyon. Makipag-ugnayan sa customer service kung nais mong pansamantalang ihinto ang iyong account.</p>',
    },
  ],
];

export interface SeedPromotion {
  code: string;
  type: string;
  category: string;
  title: Bilingual;
  content: Bilingual;
  colors: [string, string];
  /** Minor units. */
  rewardAmount?: number;
  turnoverMultiplier?: number;
  target?: number;
}

export const PROMOTIONS: SeedPromotion[] = [
  {
    code: 'referral',
    type: 'REFERRAL',
    category: 'FRIENDS',
    title: { EN: 'Invite friends', TY: 'Mag-imbita ng kaibigan' },
    content: {
      EN: '<p>Earn ₱10 for every friend who registers with your link or code and makes a first deposit. Claim it in the reward centre and wager it once to withdraw.</p>',
      TY: '<p>Kumita ng ₱10 sa bawat kaibigang magparehistro gamit ang iyong link o code at magdeposito sa unang pagkakataon. Kunin ito sa Sentro ng Gantimpala at itaya nang isang beses bago mag-withdraw.</p>',
    },
    colors: ['#5b2a86', '#e0457b'],
    rewardAmount: 1_000,
    turnoverMultiplier: 1,
  },
  {
    code: 'missions',
    type: 'MISSION',
    category: 'GAMES',
    title: { EN: 'Weekly missions', TY: 'Lingguhang mission' },
    content: { EN: '<p>Complete daily tasks and climb the leaderboard.</p>', TY: '<p>Tapusin ang mga pang-araw-araw na gawain at umakyat sa leaderboard.</p>' },
    colors: ['#0b5cad', '#19a974'],
  },
  {
    code: 'first-deposit',
    type: 'DEPOSIT',
    category: 'DEPOSIT',
    title: { EN: 'First deposit +20%', TY: 'Unang deposito +20%' },
    content: { EN: '<p>Get 20% extra on your first deposit.</p>', TY: '<p>Makakuha ng 20% dagdag sa iyong unang deposito.</p>' },
    colors: ['#c8102e', '#f5b400'],
  },
  {
    code: 'daily-rebate',
    type: 'REBATE',
    category: 'GAMES',
    title: { EN: 'Daily rebate', TY: 'Araw-araw na rebate' },
    content: { EN: '<p>Up to 1.2% rebate on every bet, paid daily.</p>', TY: '<p>Hanggang 1.2% rebate sa bawat taya, binabayaran araw-araw.</p>' },
    colors: ['#14202b', '#4f5d6b'],
  },
  {
    code: 'daily-sign-in',
    type: 'SIGN_IN',
    category: 'DAILY',
    title: { EN: 'Daily sign-in ₱5', TY: 'Araw-araw na pag-sign in ₱5' },
    content: { EN: '<p>Sign in every day and claim ₱5 in the reward centre. Wager it once to withdraw.</p>', TY: '<p>Mag-sign in araw-araw at kunin ang ₱5 sa Sentro ng Gantimpala. Itaya ito nang isang beses bago mag-withdraw.</p>' },
    colors: ['#0d7a5f', '#7fd1ae'],
    rewardAmount: 500,
    turnoverMultiplier: 1,
  },
  {
    code: 'wager-1000',
    type: 'TURNOVER',
    category: 'GAMES',
    title: { EN: 'Wager ₱1,000, get ₱20', TY: 'Tumaya ng ₱1,000, makakuha ng ₱20' },
    content: { EN: '<p>Reach ₱1,000 of valid turnover during the promotion and claim ₱20 (2× turnover).</p>', TY: '<p>Umabot sa ₱1,000 na valid turnover habang may promo at kunin ang ₱20 (2× turnover).</p>' },
    colors: ['#6b2fb3', '#f08a24'],
    rewardAmount: 2_000,
    turnoverMultiplier: 2,
    target: 100_000,
  },
];

/** A task of a seeded MISSION promotion (0019_missions.sql); amounts in minor units. */
export interface SeedMissionTask {
  promotionCode: string;
  gameType: string | null;
  target: number;
  period: 'week' | 'promotion';
  points: number;
  rewardAmount: number;
  turnoverMultiplier: number;
  title: Bilingual;
}

/**
 * The tasks of the weekly missions, seeded where the tenant enables MISSION (demo-ph). The first
 * completes in 5 spins of the in-house slot at its default stake (₱1; the in-house games are RNG).
 */
export const MISSION_TASKS: SeedMissionTask[] = [
  {
    promotionCode: 'missions',
    gameType: 'RNG',
    target: 500,
    period: 'week',
    points: 10,
    rewardAmount: 200,
    turnoverMultiplier: 1,
    title: { EN: 'Wager ₱5 on slots this week', TY: 'Tumaya ng ₱5 sa slots ngayong linggo' },
  },
  {
    promotionCode: 'missions',
    gameType: 'RNG',
    target: 5_000,
    period: 'week',
    points: 30,
    rewardAmount: 1_000,
    turnoverMultiplier: 2,
    title: { EN: 'Wager ₱50 on slots this week', TY: 'Tumaya ng ₱50 sa slots ngayong linggo' },
  },
  {
    promotionCode: 'missions',
    gameType: null,
    target: 100_000,
    period: 'promotion',
    points: 100,
    rewardAmount: 5_000,
    turnoverMultiplier: 3,
    title: { EN: 'Wager ₱1,000 on any game', TY: 'Tumaya ng ₱1,000 sa kahit anong laro' },
  },
];

export const INBOX: { title: Bilingual; content: Bilingual; read: boolean }[] = [
  {
    title: { EN: 'Welcome to the club', TY: 'Maligayang pagdating sa club' },
    content: { EN: 'Thank you for registering. Your VIP journey starts now.', TY: 'Salamat sa pagpaparehistro. Simula na ng iyong VIP journey.' },
    read: true,
  },
  {
    title: { EN: 'Deposit received', TY: 'Natanggap ang deposito' },
    content: { EN: 'Your deposit of 1,000.00 has been credited.', TY: 'Naidagdag na ang iyong deposito na 1,000.00.' },
    read: true,
  },
  {
    title: { EN: 'Weekly cashback credited', TY: 'Naidagdag ang lingguhang cashback' },
    content: { EN: 'Your cashback for last week is in your wallet.', TY: 'Nasa iyong wallet na ang cashback noong nakaraang linggo.' },
    read: false,
  },
  {
    title: { EN: 'New mission unlocked', TY: 'May bagong mission' },
    content: { EN: 'A new mission is waiting for you in the reward center.', TY: 'May bagong mission na naghihintay sa iyo sa reward center.' },
    read: false,
  },
  {
    title: { EN: 'Security reminder', TY: 'Paalala sa seguridad' },
    content: { EN: 'Never share your SMS code with anyone, including our staff.', TY: 'Huwag ibahagi ang iyong SMS code kaninuman, kahit sa aming staff.' },
    read: false,
  },
];
