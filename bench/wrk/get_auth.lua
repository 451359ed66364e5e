-- GET LL_WRK_PATH (e.g. /auth/stats) as a random learner.
dofile(os.getenv("LL_WRK_DATA"))
local path = os.getenv("LL_WRK_PATH")
math.randomseed(os.time())
request = function()
  return wrk.format("GET", path, {["Authorization"] = "Bearer " .. tokens[math.random(#tokens)]})
end
