-- Shared by the scenario scripts (bench/bench.py runs them with wrk -s). The data file named by
-- LL_WRK_DATA, written by bench.py, defines:
--   learners = {{token = "...", email = "..."}, ...}   the registered learners with profiles
--   password = "..."                                    their common password
--   pair_ids = {1, 2, ...}                              the published pairs to book
-- Every scenario ends with one line bench.py reads:
--   RESULT rps=.. p50_ms=.. p99_ms=.. max_ms=.. requests=.. non2xx=.. socket_errors=..
dofile(os.getenv("LL_WRK_DATA"))

local threads = {}
non2xx = 0

-- Runs in the main Lua state once per wrk thread, before it starts.
function setup(thread)
    table.insert(threads, thread)
    thread:set("thread_no", #threads)
end

-- Runs in each thread's own Lua state: its own random sequence, then the scenario's own
-- per-thread preparation (prebuilt requests keep wrk's Lua work per request small).
function init(args)
    math.randomseed(os.time() * 1000 + (thread_no or 0) * 7919)
    if prepare then prepare() end
end

-- Every answer that is not 2xx (wrk itself counts only >= 400 in summary.errors.status).
function response(status, headers, body)
    if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
    local bad = 0
    for _, t in ipairs(threads) do bad = bad + (t:get("non2xx") or 0) end
    local e = summary.errors
    io.write(string.format(
        "RESULT rps=%.1f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f requests=%d non2xx=%d socket_errors=%d timeouts=%d\n",
        summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
        latency:percentile(99) / 1000, latency.max / 1000, summary.requests, bad,
        e.connect + e.read + e.write, e.timeout))
end

-- One prebuilt request per learner: GET path with the learner's token.
function get_per_learner(path)
    local out = {}
    for i, l in ipairs(learners) do
        out[i] = wrk.format("GET", path, {["Authorization"] = "Bearer " .. l.token})
    end
    return out
end
