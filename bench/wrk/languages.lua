-- GET /auth/languages (public, no token), the full answer: no If-None-Match, so never a 304.
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare() req = wrk.format("GET", "/auth/languages") end
function request() return req end
