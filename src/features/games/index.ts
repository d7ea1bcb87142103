// The public face of the games area: other areas, widgets and the app shell import from here only.
export { type Categories, type GameClassify, type GameFilter, type GameItem, type GameSource, type GamesPage, type GameType, hasMorePages, useFavourites, useGameCategories, useGameList, useGamePages, useGameTypes, useHotGames, useJackpot, withoutGame } from './api/games';
export { countdown, type Lottery, useLotteryDraws } from './api/lottery-draws';
export { type RankList, sortWinners, useRankList, type Winner } from './api/winners';
export { useWinners, type WinnersPeriod } from './api/winners-page';
export { GameCard } from './components/game-card';
export { useLaunchGame } from './launch';
