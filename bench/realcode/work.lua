-- SPDX-License-Identifier: GPL-2.0 OR MIT
-- A deterministic workload for lua5.4 in bench/realcode: the parser, the
-- VM, strings, patterns, tables, closures, coroutines, metatables, errors
-- and the collector, without time, random numbers or addresses (tables
-- are never keys and never printed), so that every build runs it alike.

local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
print("fib", fib(15))

local t = {}
for i = 1, 200 do t[i] = (i * 7919) % 211 end
table.sort(t)
print("sort", t[1], t[100], t[200])
table.sort(t, function(a, b) return a > b end)
print("rsort", t[1], t[200], #t)

local words = {}
local text = "the quick brown fox jumps over the lazy dog and the dog sleeps"
for w in text:gmatch("%a+") do words[#words + 1] = w:upper() end
print("words", #words, table.concat(words, ",", 1, 5))
local count = {}
for _, w in ipairs(words) do count[w] = (count[w] or 0) + 1 end
local keys = {}
for k in pairs(count) do keys[#keys + 1] = k end
table.sort(keys)
for _, k in ipairs(keys) do io.write(k, "=", count[k], " ") end
print()
print("gsub", (text:gsub("(%w+) (%w+)", "%2 %1")))
print("fmt", string.format("%5.2f|%-6s|%x|%q", 3.14159, "ab", 255, "a\nb"))
print("find", text:find("lazy"), text:match("(%a+) dog"), ("x"):rep(5, "-"))

local function counter()
  local n = 0
  return function(d) n = n + (d or 1); return n end
end
local c = counter()
for i = 1, 10 do c(i) end
print("closure", c())

local co = coroutine.wrap(function(a)
  for i = 1, 5 do a = coroutine.yield(a + i) end
  return "done"
end)
local acc = {}
local v = co(0)
for i = 1, 5 do acc[#acc + 1] = v; v = co(v * 2) end
print("coroutine", table.concat(acc, " "), v)

local V = {}
V.__index = V
V.__add = function(a, b) return setmetatable({x = a.x + b.x, y = a.y + b.y}, V) end
V.__tostring = function(a) return "(" .. a.x .. "," .. a.y .. ")" end
local p = setmetatable({x = 1, y = 2}, V)
for i = 1, 20 do p = p + setmetatable({x = i, y = -i}, V) end
print("meta", tostring(p))

local ok, err = pcall(function() error({code = 42}) end)
print("pcall", ok, type(err), err.code)
ok, err = pcall(function() local x = nil; return x.y end)
print("pcall2", ok, (tostring(err):gsub("^.-:%d+: ", "")))
print("xpcall", xpcall(function() error("boom", 0) end, function(m) return "h:" .. m end))

local big = {}
for i = 1, 3000 do big[i] = "s" .. i end
local s = 0
for i = 1, #big do s = s + #big[i] end
big = nil
collectgarbage()
print("gc", s)

local chunk = load("local a, b = ... return a * b + 1")
print("load", chunk(6, 7))
print("int", 7 // 2, 7 % -3, 2^10, 1 << 10, 0xff & 0x0f, math.tointeger(3.0))
print("utf8", utf8.len("h\u{e9}llo"), utf8.char(72, 233))
print("str", ("abc"):byte(1, -1))
print("pack", string.unpack("<i4", string.pack("<i4", 100000)))
