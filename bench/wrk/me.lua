-- GET /auth/me as a random learner.
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare() reqs = get_per_learner("/auth/me") end
function request() return reqs[math.random(#reqs)] end
