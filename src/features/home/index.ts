// The public face of the home area: other areas, widgets and the app shell import from here only.
export { type Announcements, markNoticeRead, type Notice, type NoticeKind, useAgentNoticeUnread, useHomeAnnouncements, useNotices, useRevalidateAnnouncements } from './api/announcements';
export { type HelpItems, useHelpCentre } from './api/help';
export { appIconUrl, canOfferDownload, closeDownloadPopup, currentDevice, detectDevice, type Device, type DownloadLink, downloadLinks, type DownloadOption, downloadOptions, downloadPopupStore, HIDE_DOWNLOAD_BAR_KEY, iosAtLeast, iosGuideFor, isDownloadBarHidden, isDownloadBarVisible, MANUAL_PROFILE_IOS, openDownloadPopup, storeDownloadBarHidden } from './download';
export { listenForInstallPrompt } from './install-prompt';
