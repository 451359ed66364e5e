-- GET /media/<name> over the files listed in MEDIA_URLS (one path per line), round-robin per
-- connection, so every file is read again and again (bench/media_store.py).
local paths = {}
for line in io.lines(os.getenv("MEDIA_URLS")) do
    paths[#paths + 1] = line
end
local range = os.getenv("MEDIA_RANGE")  -- e.g. "bytes=0-65535": a player's first request
local next_index = 0

request = function()
    next_index = next_index % #paths + 1
    local headers = {}
    if range and range ~= "" then headers["Range"] = range end
    return wrk.format("GET", paths[next_index], headers)
end
