/**
 * What RefGames' pages say, in English (EN) and Filipino (TY), the two languages the platform
 * launches games in.
 */
import type { Category } from './catalogue';
import type { BetKind, LotteryCode } from './lottery';
import type { TikiSymbol } from './slot';
import type { Lang, TicketState } from './store';

interface Texts {
  vendorName: string;
  footer: string;
  back: string;
  balance: string;
  playMoney: string;
  stake: string;
  spin: string;
  win: string;
  lastWin: string;
  lines: string;
  payTable: string;
  slotRtp: string;
  slotName: string;
  symbols: Record<TikiSymbol, string>;
  lotteryNames: Record<LotteryCode, string>;
  lotteryEvery: Record<LotteryCode, string>;
  nextDraw: string;
  ticketFor: string;
  bet: string;
  betNames: Record<BetKind, string>;
  pays: string;
  oddsNote: string;
  launchedAs: string;
  pick: string;
  pickHint: string;
  buy: string;
  myTickets: string;
  noTickets: string;
  results: string;
  noResults: string;
  drawVoid: string;
  ticketStates: Record<TicketState, string>;
  statuses: Record<string, string>;
  refusedOther: string;
  unanswered: string;
  winPending: string;
  bought: string;
  offline: string;
  noGameTitle: string;
  noGame: string;
  categories: Record<Exclude<Category, 'RNG' | 'LOTTERY'>, string>;
  tokenRefusedTitle: string;
  tokenRefused: string;
  walletDownTitle: string;
  walletDown: string;
  badLinkTitle: string;
  badLink: string;
  unknownVendorTitle: string;
  unknownVendor: string;
  sessionEndedTitle: string;
  sessionEnded: string;
}

export const TEXTS: Readonly<Record<Lang, Texts>> = {
  EN: {
    vendorName: 'RefGames',
    footer: 'RefGames, the reference game vendor (demo)',
    back: 'Back to lobby',
    balance: 'Balance',
    playMoney: 'Play money: nothing here is real',
    stake: 'Stake',
    spin: 'Spin',
    win: 'Win',
    lastWin: 'Last win',
    lines: '5 lines: 3 rows and 2 diagonals',
    payTable: 'Three in a line pays (times the line bet; the stake is 5 line bets)',
    slotRtp: 'Return to player 95.56%',
    slotName: 'Tiki Fortune',
    symbols: { MASK: 'Mask', DRUM: 'Drum', TORCH: 'Torch', PALM: 'Palm', SHELL: 'Shell', COCONUT: 'Coconut' },
    lotteryNames: { LOTT: 'Traditional lottery', ELOTT: 'E-lottery' },
    lotteryEvery: { LOTT: 'A draw every 5 minutes', ELOTT: 'A draw every minute' },
    nextDraw: 'Next draw in',
    ticketFor: 'Tickets now are for draw',
    bet: 'Bet',
    betNames: { last2: 'Last 2 digits', last3: 'Last 3 digits', big: 'Big (sum 23-45)', small: 'Small (sum 0-22)', odd: 'Odd sum', even: 'Even sum' },
    pays: 'pays',
    oddsNote: 'Each draw is 5 digits. Returns include the stake.',
    launchedAs: 'Game {code}, prize mode {prizeMode}, play type {playType}',
    pick: 'Your number',
    pickHint: 'Enter the digits',
    buy: 'Buy ticket',
    myTickets: 'My tickets',
    noTickets: 'No tickets yet.',
    results: 'Latest results',
    noResults: 'No draws yet.',
    drawVoid: 'cancelled',
    ticketStates: {
      buying: 'Buying',
      open: 'Waiting for the draw',
      settling: 'Being paid',
      won: 'Won',
      lost: 'Lost',
      refused: 'Refused',
      'rolling-back': 'Stake being returned',
      'rolled-back': 'Stake returned',
      void: 'Draw cancelled, stake returned',
    },
    statuses: {
      RS_ERROR_NOT_ENOUGH_MONEY: 'Not enough balance for this stake.',
      RS_ERROR_LIMIT_REACHED: 'A play limit stops this stake.',
      RS_ERROR_USER_DISABLED: 'Your account cannot play right now.',
      RS_ERROR_TOKEN_EXPIRED: 'Your game session has expired. Go back to the lobby and open the game again.',
      RS_ERROR_INVALID_TOKEN: 'Your game session is not valid. Go back to the lobby and open the game again.',
    },
    refusedOther: 'The stake was refused',
    unanswered: 'The wallet did not answer: your stake is being returned.',
    winPending: 'Your win is being paid.',
    bought: 'Ticket bought.',
    offline: 'No connection to the game. Try again.',
    noGameTitle: 'No demo game here',
    noGame: 'RefGames, the reference game vendor, has no demo game for {category} games.',
    categories: { FISH: 'fishing', LIVE: 'live casino', PVP: 'card', SPORTS: 'sports betting', ESPORTS: 'e-sports', COCKFIGHT: 'cockfight' },
    tokenRefusedTitle: 'This game link was refused',
    tokenRefused: 'The link may have expired or been used already. Go back to the lobby and open the game again.',
    walletDownTitle: 'The game cannot reach your wallet',
    walletDown: 'Nothing was charged. Try again in a moment.',
    badLinkTitle: 'This game link is not complete',
    badLink: 'Go back to the lobby and open the game again.',
    unknownVendorTitle: 'Unknown game vendor',
    unknownVendor: 'RefGames does not play games for this vendor.',
    sessionEndedTitle: 'This game session has ended',
    sessionEnded: 'Go back to the lobby and open the game again.',
  },
  TY: {
    vendorName: 'RefGames',
    footer: 'RefGames, ang reference na game vendor (demo)',
    back: 'Bumalik sa lobby',
    balance: 'Balanse',
    playMoney: 'Laruang pera: walang totoo rito',
    stake: 'Taya',
    spin: 'Paikutin',
    win: 'Panalo',
    lastWin: 'Huling panalo',
    lines: '5 linya: 3 hanay at 2 pahilis',
    payTable: 'Tatlo sa isang linya ang nananalo (beses ang taya sa linya; ang taya ay 5 taya sa linya)',
    slotRtp: 'Balik sa manlalaro 95.56%',
    slotName: 'Tiki Fortune',
    symbols: { MASK: 'Maskara', DRUM: 'Tambol', TORCH: 'Sulo', PALM: 'Palma', SHELL: 'Kabibe', COCONUT: 'Niyog' },
    lotteryNames: { LOTT: 'Tradisyonal na lotto', ELOTT: 'E-lotto' },
    lotteryEvery: { LOTT: 'May bola tuwing 5 minuto', ELOTT: 'May bola bawat minuto' },
    nextDraw: 'Susunod na bola sa',
    ticketFor: 'Ang mga tiket ngayon ay para sa bola',
    bet: 'Taya',
    betNames: { last2: 'Huling 2 numero', last3: 'Huling 3 numero', big: 'Malaki (kabuuan 23-45)', small: 'Maliit (kabuuan 0-22)', odd: 'Gansal na kabuuan', even: 'Pares na kabuuan' },
    pays: 'bayad',
    oddsNote: 'Ang bawat bola ay 5 numero. Kasama ang taya sa balik.',
    launchedAs: 'Laro {code}, prize mode {prizeMode}, uri ng laro {playType}',
    pick: 'Iyong numero',
    pickHint: 'Ilagay ang mga numero',
    buy: 'Bumili ng tiket',
    myTickets: 'Aking mga tiket',
    noTickets: 'Wala pang tiket.',
    results: 'Mga huling resulta',
    noResults: 'Wala pang bola.',
    drawVoid: 'kinansela',
    ticketStates: {
      buying: 'Binibili',
      open: 'Naghihintay sa bola',
      settling: 'Binabayaran',
      won: 'Nanalo',
      lost: 'Talo',
      refused: 'Tinanggihan',
      'rolling-back': 'Ibinabalik ang taya',
      'rolled-back': 'Naibalik ang taya',
      void: 'Kinansela ang bola, naibalik ang taya',
    },
    statuses: {
      RS_ERROR_NOT_ENOUGH_MONEY: 'Kulang ang balanse para sa tayang ito.',
      RS_ERROR_LIMIT_REACHED: 'May limitasyon sa paglalaro na pumipigil sa tayang ito.',
      RS_ERROR_USER_DISABLED: 'Hindi makakalaro ang iyong account ngayon.',
      RS_ERROR_TOKEN_EXPIRED: 'Nag-expire na ang iyong session ng laro. Bumalik sa lobby at buksan muli ang laro.',
      RS_ERROR_INVALID_TOKEN: 'Hindi wasto ang iyong session ng laro. Bumalik sa lobby at buksan muli ang laro.',
    },
    refusedOther: 'Tinanggihan ang taya',
    unanswered: 'Hindi sumagot ang wallet: ibinabalik ang iyong taya.',
    winPending: 'Binabayaran na ang iyong panalo.',
    bought: 'Nabili ang tiket.',
    offline: 'Walang koneksyon sa laro. Subukan muli.',
    noGameTitle: 'Walang demo na laro dito',
    noGame: 'Walang demo na laro ang RefGames, ang reference na game vendor, para sa mga larong {category}.',
    categories: { FISH: 'pangingisda', LIVE: 'live casino', PVP: 'baraha', SPORTS: 'pustahan sa sports', ESPORTS: 'e-sports', COCKFIGHT: 'sabong' },
    tokenRefusedTitle: 'Tinanggihan ang link ng larong ito',
    tokenRefused: 'Maaaring nag-expire na o nagamit na ang link. Bumalik sa lobby at buksan muli ang laro.',
    walletDownTitle: 'Hindi maabot ng laro ang iyong wallet',
    walletDown: 'Walang siningil. Subukan muli mamaya.',
    badLinkTitle: 'Kulang ang link ng larong ito',
    badLink: 'Bumalik sa lobby at buksan muli ang laro.',
    unknownVendorTitle: 'Hindi kilalang game vendor',
    unknownVendor: 'Hindi naglalaro ang RefGames ng mga laro ng vendor na ito.',
    sessionEndedTitle: 'Tapos na ang session ng larong ito',
    sessionEnded: 'Bumalik sa lobby at buksan muli ang laro.',
  },
};

/** The message for a refused stake, in the player's language. */
export function refusalText(lang: Lang, status: string): string {
  const t = TEXTS[lang];
  return t.statuses[status] ?? `${t.refusedOther} (${status}).`;
}
