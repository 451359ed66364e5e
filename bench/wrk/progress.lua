-- POST /auth/progress as a random learner on a random pair, random correct, points 1..20.
-- bench/http.sh writes bench/wrk/tokens.lua (tokens = {...}, pairs = {...}) before the run.
dofile(os.getenv("LL_WRK_DATA"))
math.randomseed(os.time())
request = function()
  local token = tokens[math.random(#tokens)]
  local pair = pairs_ids[math.random(#pairs_ids)]
  local body = string.format('{"pair_id":%d,"correct":%s,"points":%d}', pair,
                             math.random(2) == 1 and "true" or "false", math.random(20))
  return wrk.format("POST", "/auth/progress",
                    {["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json"}, body)
end
