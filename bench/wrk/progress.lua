-- POST /auth/progress: a random learner books a random published pair, random correct,
-- points 1..20.
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare()
    headers = {}
    for i, l in ipairs(learners) do
        headers[i] = {["Authorization"] = "Bearer " .. l.token, ["Content-Type"] = "application/json"}
    end
end

function request()
    local body = string.format('{"pair_id":%d,"correct":%s,"points":%d}',
                               pair_ids[math.random(#pair_ids)],
                               math.random(2) == 1 and "true" or "false", math.random(20))
    return wrk.format("POST", "/auth/progress", headers[math.random(#headers)], body)
end
