-- One machine-readable line at the end of a wrk run.
done = function(summary, latency, requests)
  local non2xx = summary.errors.status
  io.write(string.format("RESULT rps=%.0f p50_ms=%.2f p99_ms=%.2f non2xx=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, non2xx, summary.requests))
end
