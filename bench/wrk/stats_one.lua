-- GET /auth/stats as one learner (token in LL_WRK_TOKEN): the growth table.
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare()
    req = wrk.format("GET", "/auth/stats", {["Authorization"] = "Bearer " .. os.getenv("LL_WRK_TOKEN")})
end
function request() return req end
