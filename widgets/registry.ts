import type { RegisteredWidget } from '../src/lib/widget';
import accountRecords from './account-records';
import agentAccountForm from './agent-account-form';
import agentContract from './agent-contract';
import agentDividend from './agent-dividend';
import agentGrid from './agent-grid';
import agentRebates from './agent-rebates';
import announcementPopup from './announcement-popup';
import bannerCarousel from './banner-carousel';
import betRecords from './bet-records';
import cashBack from './cash-back';
import categoryMenu from './category-menu';
import changePasswordForm from './change-password-form';
import contractPrompt from './contract-prompt';
import depositDetail from './deposit-detail';
import depositForm from './deposit-form';
import depositRecords from './deposit-records';
import downloadBar from './download-bar';
import floatingService from './floating-service';
import feedbackForm from './feedback-form';
import footerMenu from './footer-menu';
import forgotPasswordForm from './forgot-password-form';
import gameList from './game-list';
import headIcon from './head-icon';
import headerMenu from './header-menu';
import helpList from './help-list';
import hotMatchTicker from './hot-match-ticker';
import identityCheck from './identity-check';
import activityStatement from './activity-statement';
import inviteCard from './invite-card';
import invitedFriends from './invited-friends';
import limitsPanel from './limits-panel';
import jackpotCounter from './jackpot-counter';
import loginForm from './login-form';
import menuList from './menu-list';
import messageCentre from './message-centre';
import missionRanking from './mission-ranking';
import missionTasks from './mission-tasks';
import navItem from './nav-item';
import noticeBar from './notice-bar';
import noticeList from './notice-list';
import paymentPassword from './payment-password';
import payoutAccounts from './payout-accounts';
import profitLoss from './profit-loss';
import promotionDetail from './promotion-detail';
import promotionList from './promotion-list';
import quickButtons from './quick-buttons';
import rebateReport from './rebate-report';
import registerForm from './register-form';
import rewardCenter from './reward-center';
import realityCheckForm from './reality-check-form';
import responsibleGaming from './responsible-gaming';
import rgTagline from './rg-tagline';
import richText from './rich-text';
import selfExclusion from './self-exclusion';
import securityHub from './security-hub';
import serviceChannels from './service-channels';
import setPasswordSmsForm from './set-password-sms-form';
import teamBets from './team-bets';
import teamMembers from './team-members';
import teamOverview from './team-overview';
import teamPnl from './team-pnl';
import teamRebate from './team-rebate';
import tileGrid from './tile-grid';
import trialIntro from './trial-intro';
import uplineTransfer from './upline-transfer';
import vipBenefits from './vip-benefits';
import winnerBoard from './winner-board';
import winnerList from './winner-list';
import withdrawBlockers from './withdraw-blockers';
import withdrawForm from './withdraw-form';
import withdrawalRecords from './withdrawal-records';

/** Every widget a tenant may name, by name. The tenant validator and the renderer both read this map. */
export const registry: Readonly<Record<string, RegisteredWidget>> = {
  'account-records': accountRecords,
  'activity-statement': activityStatement,
  'agent-account-form': agentAccountForm,
  'agent-contract': agentContract,
  'agent-dividend': agentDividend,
  'agent-grid': agentGrid,
  'agent-rebates': agentRebates,
  'announcement-popup': announcementPopup,
  'banner-carousel': bannerCarousel,
  'bet-records': betRecords,
  'cash-back': cashBack,
  'category-menu': categoryMenu,
  'change-password-form': changePasswordForm,
  'contract-prompt': contractPrompt,
  'deposit-detail': depositDetail,
  'deposit-form': depositForm,
  'deposit-records': depositRecords,
  'download-bar': downloadBar,
  'floating-service': floatingService,
  'feedback-form': feedbackForm,
  'footer-menu': footerMenu,
  'forgot-password-form': forgotPasswordForm,
  'game-list': gameList,
  'head-icon': headIcon,
  'header-menu': headerMenu,
  'help-list': helpList,
  'hot-match-ticker': hotMatchTicker,
  'identity-check': identityCheck,
  'invite-card': inviteCard,
  'invited-friends': invitedFriends,
  'jackpot-counter': jackpotCounter,
  'limits-panel': limitsPanel,
  'login-form': loginForm,
  'menu-list': menuList,
  'message-centre': messageCentre,
  'mission-ranking': missionRanking,
  'mission-tasks': missionTasks,
  'nav-item': navItem,
  'notice-bar': noticeBar,
  'notice-list': noticeList,
  'payment-password': paymentPassword,
  'payout-accounts': payoutAccounts,
  'profit-loss': profitLoss,
  'promotion-detail': promotionDetail,
  'promotion-list': promotionList,
  'quick-buttons': quickButtons,
  'rebate-report': rebateReport,
  'register-form': registerForm,
  'reward-center': rewardCenter,
  'reality-check-form': realityCheckForm,
  'responsible-gaming': responsibleGaming,
  'rg-tagline': rgTagline,
  'rich-text': richText,
  'self-exclusion': selfExclusion,
  'security-hub': securityHub,
  'service-channels': serviceChannels,
  'set-password-sms-form': setPasswordSmsForm,
  'team-bets': teamBets,
  'team-members': teamMembers,
  'team-overview': teamOverview,
  'team-pnl': teamPnl,
  'team-rebate': teamRebate,
  'tile-grid': tileGrid,
  'trial-intro': trialIntro,
  'upline-transfer': uplineTransfer,
  'vip-benefits': vipBenefits,
  'winner-board': winnerBoard,
  'winner-list': winnerList,
  'withdraw-blockers': withdrawBlockers,
  'withdraw-form': withdrawForm,
  'withdrawal-records': withdrawalRecords,
};
