-- POST /auth/answers: a random learner answers a random published pair, graded on the server: a
-- text card with a random self-rating, any other card with a typed answer (some right, most not).
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

local typed = {"äpple", "hus", "sol", "träd", "ja", "nej", "rött", "grön", "hund"}
local is_text = {}

function prepare()
    headers = {}
    for i, l in ipairs(learners) do
        headers[i] = {["Authorization"] = "Bearer " .. l.token, ["Content-Type"] = "application/json"}
    end
    for _, id in ipairs(text_pair_ids or {}) do is_text[id] = true end
end

function request()
    local pair = pair_ids[math.random(#pair_ids)]
    local body
    if is_text[pair] then
        body = string.format('{"pair_id":%d,"rating":%d}', pair, math.random(4))
    else
        body = string.format('{"pair_id":%d,"text":"%s"}', pair, typed[math.random(#typed)])
    end
    return wrk.format("POST", "/auth/answers", headers[math.random(#headers)], body)
end
