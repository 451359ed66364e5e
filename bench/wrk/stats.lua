-- GET /auth/stats as a random learner.
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare() reqs = get_per_learner("/auth/stats") end
function request() return reqs[math.random(#reqs)] end
