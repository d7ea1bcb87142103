// The public face of the engagement area: other areas, widgets and the app shell import from here only.
export { deleteMessage, markAllMessagesRead, markMessageRead, type Message, type MessagePage, useMessagePages, useRevalidateUnreadCount, useUnreadCount } from './api/messages';
export { actOnPromotion, type Promotion, type PromotionActBody, type PromotionAction, uploadPromotionImage, usePromotions, useRevalidatePromotions } from './api/promotions';
export { checkFeedbackImage, countWords, type Feedback, FEEDBACK_IMAGE_ACCEPT, FEEDBACK_TYPES, type FeedbackBody, type FeedbackPage, type FeedbackType, feedbackWordRange, MAX_FEEDBACK_IMAGES, submitFeedback, uploadFeedbackImage, useMyFeedback } from './api/feedback';
export { type InvitedFriend, type InvitedFriendPage, REFERRAL_FRIENDS_ENDPOINT, useReferral } from './api/referral';
export { claimReward, newRewardKey, type Reward, type RewardClaim, type RewardList, type RewardListState, useRevalidateRewards, useRewardCount, useRewards } from './api/rewards';
export { claimMissionTask, type Mission, type MissionClaim, type MissionList, type MissionRanking, type MissionTask, type MissionTaskState, useMissionRanking, useMissions, useRevalidateMissions } from './api/missions';
