// The public face of the games area: other areas, widgets and the app shell import from here only.
export * from './api/games';
export * from './api/winners';
export * from './api/winners-page';
export * from './components/game-card';
export * from './launch';
