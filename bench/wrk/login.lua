-- POST /auth/login as a random learner with the right password (one argon2id check each).
dofile(os.getenv("LL_WRK_DIR") .. "/common.lua")

function prepare()
    reqs = {}
    for i, l in ipairs(learners) do
        reqs[i] = wrk.format("POST", "/auth/login", {["Content-Type"] = "application/json"},
                             string.format('{"email":"%s","password":"%s"}', l.email, password))
    end
end
function request() return reqs[math.random(#reqs)] end
