import { g as useRuntime, o as Slot } from "../entry-server.js";
import { useLocation } from "react-router-dom";
import { jsx } from "react/jsx-runtime";
// src/features/games/screens/game-list-screen.tsx
/**
* The game-list routes (/m/gameList?gameType=, /m/gameLobby, /m/gameCenter, /m/slotsCenter?vassalage=,
* /m/lottery, /m/moreLottery): the tenant's game-list node tree. A new category or vendor in the
* query starts a fresh list (the key), so a link from the filter panel never shows the old tabs.
*/
function GameListScreen() {
	const { tenant } = useRuntime();
	const { pathname, search } = useLocation();
	const params = new URLSearchParams(search);
	const key = `${pathname}|${params.get("gameType") ?? ""}|${params.get("vassalage") ?? ""}`;
	return /* @__PURE__ */ jsx("main", {
		className: "screen screen--game-list",
		children: /* @__PURE__ */ jsx(Slot, {
			slot: tenant.screens.gameList?.slots.main,
			path: "screens.gameList.slots.main"
		})
	}, key);
}
export { GameListScreen as default };
