-- The request hook of the bench's wrk passes (bench/wrk.ts). wrk runs for a duration; this script makes a pass a
-- count instead: each thread sends its share of a list of raw requests once, in order, then leaves each of its
-- connections idle (an empty request), stops once all of them are idle, and says so on stdout. bench/wrk.ts then
-- ends wrk (SIGINT), and done() prints the figures as one JSON line.
--
-- init(args): args[1] the list file (for each request: its length in bytes, a newline, the raw HTTP request),
-- args[2] the number of threads, args[3] the connections of each thread.

local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } modshelf_timespec;
int clock_gettime(int clock, modshelf_timespec *tp);
]])
local clock = ffi.new("modshelf_timespec")
local function now_us()
  ffi.C.clock_gettime(1, clock) -- CLOCK_MONOTONIC: comparable between threads
  return tonumber(clock.tv_sec) * 1000000 + tonumber(clock.tv_nsec) / 1000
end

-- main state: the threads, numbered as they are set up
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

-- thread state
local requests = {}
local connections = 0
local checking = false
sent = 0
idle = 0
first_us = 0
last_us = 0

function init(args)
  local threads_n = tonumber(args[2])
  connections = tonumber(args[3])
  local f = assert(io.open(args[1], "rb"))
  local data = f:read("*a")
  f:close()
  local pos, i = 1, 0
  while pos <= #data do
    local nl = data:find("\n", pos, true)
    local len = tonumber(data:sub(pos, nl - 1))
    if i % threads_n == id then
      requests[#requests + 1] = data:sub(nl + 1, nl + len)
    end
    pos = nl + 1 + len
    i = i + 1
  end
  -- wrk calls request() once on the first thread's state before the run, to check what it sends: that call takes nothing from the list
  checking = id == 0
end

function request()
  if checking then
    checking = false
    return requests[1]
  end
  local t = now_us()
  if sent < #requests then
    sent = sent + 1
    if sent == 1 then
      first_us = t
    end
    return requests[sent]
  end
  -- the list is done: this connection's last answer came in now, and it sends nothing more
  idle = idle + 1
  last_us = t
  if idle == connections then
    wrk.thread:stop()
    io.write("modshelf-wrk: thread done\n")
    io.flush()
  end
  return ""
end

-- The histogram's [value, count] pairs. latency(i) scans the buckets from the minimum for each i (wrk's
-- stats_value_at), quadratic over a wide range; so the buckets are read in one pass from wrk's stats struct
-- (count, limit, min, max, then one uint64 per µs), the pointer the userdata holds, when that struct agrees with
-- what the API says of it.
local function histogram(latency)
  local buckets = {}
  local s = ffi.cast("uint64_t **", latency)[0]
  local total, min, max = tonumber(s[0]), tonumber(s[2]), tonumber(s[3])
  if min == latency.min and max == latency.max and max < tonumber(s[1]) then
    local seen = 0
    for v = min, max do
      local c = tonumber(s[4 + v])
      if c > 0 then
        buckets[#buckets + 1] = string.format("[%d,%d]", v, c)
        seen = seen + c
      end
    end
    if seen == total and #buckets == #latency then
      return buckets
    end
    buckets = {}
  end
  for i = 1, #latency do
    local value, count = latency(i)
    buckets[#buckets + 1] = string.format("[%d,%d]", value, count)
  end
  return buckets
end

function done(summary, latency)
  local buckets = histogram(latency)
  local per_thread = {}
  for _, t in ipairs(threads) do
    per_thread[#per_thread + 1] = string.format('{"sent":%d,"first_us":%.3f,"last_us":%.3f}', t:get("sent"), t:get("first_us"), t:get("last_us"))
  end
  local e = summary.errors
  io.write(
    string.format(
      'modshelf-wrk-result {"duration_us":%d,"requests":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"threads":[%s],"latency_us":[%s]}\n',
      summary.duration,
      summary.requests,
      summary.bytes,
      e.connect,
      e.read,
      e.write,
      e.status,
      e.timeout,
      table.concat(per_thread, ","),
      table.concat(buckets, ",")
    )
  )
  io.flush()
end
