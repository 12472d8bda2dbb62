# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Host side of tests/kernel-probe.t: the scenario and what it must give.

  check.py steps                       the steps for tests/kernel/probe.sh
  check.py control SMK_SAMPLE.ko SMK_RING.ko
                                       entry probes on the functions that
                                       run the markers (harness self-check)
  check.py check PROBES GUEST OUTDIR   compare a run with the model
                                       (GUEST: what probe.sh printed,
                                       OUTDIR: what it left in out/)

The expectations come from a model of the two sample modules, written from
the comments at the top of samples/smk_sample.c and samples/smk_ring.c and
their code: the same steps run through it give, per marker, the ordered
list of hits and the value of every argument at each hit, and the text of
each /proc read.  The read texts check the model against the real module,
so that a wrong expectation shows up as a model failure, not as a probe
failure.

"check" prints "ok - DESC", "not ok - DESC" and "# DIAG" lines, which the
test numbers.  Markers whose probes marker-resolve claims exact are checked
(hit count, then every fetched value); approximated and missing ones are
only described.
"""
import os
import re
import subprocess
import sys

SAMPLE = "/proc/smk_sample"
RING = "/proc/smk_ring"

EPERM, ENOENT, EINVAL, ENOSPC, ERANGE = 1, 2, 22, 28, 34
MASK64 = (1 << 64) - 1

# The markers: name -> [(format field, argument expression)], as in the
# sources.  A fetched field is matched by the format's name, or by the
# expression turned into an identifier ("it->name" -> "it_name"), or else
# by position.
MARKERS = {
    "sample_load": [("proc", "smk_proc"), ("next_id", "smk_state.next_id")],
    "sample_unload": [("nitems", "smk_state.nitems"),
                      ("total", "smk_state.total")],
    "sample_write": [("count", "count"), ("cmd", "cmd")],
    "sample_too_long": [("count", "count")],
    "sample_add": [("item", "it->name"), ("qty", "qty"), ("id", "it->id"),
                   ("now", "it->qty")],
    "sample_del": [("item", "it->name"), ("id", "it->id"),
                   ("qty", "it->qty")],
    "sample_account": [("item", "it->name"), ("delta", "delta"),
                       ("total", "st->total"), ("nitems", "st->nitems")],
    "sample_step": [("round", "i"), ("qty", "it->qty"), ("acc", "acc")],
    "sample_run_done": [("rounds", "rounds"), ("acc", "acc")],
    "sample_error": [("cmd", "cmd"), ("err", "err"),
                     ("errors", "st->errors")],
    "sample_show": [("nitems", "st->nitems"), ("total", "st->total"),
                    ("errors", "st->errors")],
    "ring_push": [("val", "val"), ("head", "r->head"), ("count", "r->count")],
    "ring_drop": [("val", "val"), ("dropped", "r->dropped")],
    "ring_pop": [("val", "val"), ("tail", "r->tail"), ("count", "r->count")],
    "ring_drained": [("n", "n")],
    "ring_bad": [("cmd", "cmd")],
}

# Entry probes of the harness self-check: function (its clones too) ->
# (module, what its hit count must equal, fetch args).  smk_write and
# ring_write are proc_ops callbacks: their ABI is the kernel's, so the
# count argument is in %dx whatever gcc did to the rest.
CONTROL = {
    "smk_sample_init": ("smk_sample", "sample_load", ""),
    "smk_write": ("smk_sample", "#writes smk_sample", "count=%dx:u64"),
    "smk_show": ("smk_sample", "sample_show", ""),
    "smk_fail": ("smk_sample", "sample_error", ""),
    "smk_cmd_run": ("smk_sample", "sample_run_done", ""),
    "ring_write": ("smk_ring", "#writes smk_ring", "count=%dx:u64"),
    "ring_fail": ("smk_ring", "ring_bad", ""),
}

TOO_LONG_SAMPLE = "".join(str(i % 10) for i in range(70))
TOO_LONG_RING = "push " + " ".join(["1"] * 64)

STEPS = [
    ("insmod", "smk_sample.ko", None),
    ("insmod", "smk_ring.ko", None),
    ("write", SAMPLE, "add apple 3"),
    ("write", SAMPLE, "  add pear 2  "),       # strim()
    ("write", SAMPLE, "add apple 4"),
    ("read", SAMPLE, None),
    ("write", SAMPLE, "run 5"),
    ("write", SAMPLE, "del plum"),             # -ENOENT
    ("write", SAMPLE, "bogus"),                # -EINVAL
    ("write", SAMPLE, "add apple 2000"),       # -ERANGE
    ("write", SAMPLE, "add kiwi 1"),
    ("write", SAMPLE, "add lime 10"),
    ("write", SAMPLE, "add mango 1"),          # -ENOSPC: four slots
    ("write", SAMPLE, "del pear"),
    ("write", SAMPLE, "run 0"),                # -EINVAL
    ("write", SAMPLE, "run 64"),
    ("write", SAMPLE, TOO_LONG_SAMPLE),        # too long
    ("read", SAMPLE, None),
    ("write", SAMPLE, "reset"),
    ("read", SAMPLE, None),
    ("write", SAMPLE, "add apple 1"),          # next_id survives reset
    ("write", RING, "push 1 2 3"),
    ("write", RING, "push 4 5 6"),             # 4 pushed, 5 6 dropped
    ("read", RING, None),
    ("write", RING, "drain"),
    ("write", RING, "pop"),
    ("write", RING, "push 1 x"),
    ("write", RING, "push"),
    ("write", RING, "push 1 2 3 4 5 6 7 8 9"),
    ("write", RING, "push 0x10 7"),
    ("write", RING, "drain"),
    ("write", RING, "drain"),
    ("write", RING, TOO_LONG_RING),
    ("write", RING, "drain x"),
    ("read", RING, None),
    ("rmmod", "smk_ring", None),
    ("rmmod", "smk_sample", None),
]


def kstrtouint(s, base):
    """The kernel's kstrtouint(): whole string, optional trailing \\n."""
    if s.endswith("\n"):
        s = s[:-1]
    if s.startswith("+"):
        s = s[1:]
    if base == 0:
        if s[:2].lower() == "0x" and len(s) > 2:
            s, base = s[2:], 16
        elif s[:1] == "0" and len(s) > 1:
            s, base = s[1:], 8
        else:
            base = 10
    if not s or not all(c in "0123456789abcdef"[:base] for c in s.lower()):
        return None
    v = int(s, base)
    return v if v <= 0xffffffff else None


def scan(cmd):
    """sscanf(cmd, "%7s %15s %u", verb, arg, &num): (n, verb, arg, num)."""
    toks = cmd.split()
    n, verb, arg, num = 0, "", "", 0
    if toks and len(toks[0]) <= 7:
        n, verb = 1, toks[0]
        if len(toks) > 1 and len(toks[1]) <= 15:
            n, arg = 2, toks[1]
            if len(toks) > 2 and re.match(r"^\+?\d+", toks[2]):
                n, num = 3, int(re.match(r"^\+?(\d+)", toks[2]).group(1))
    # Longer words are split by the field widths: the scenario has none.
    assert all(len(t) <= 15 for t in toks[:3]) and (not toks or
                                                     len(toks[0]) <= 7)
    return n, verb, arg, num


class Sample:
    """smk_sample.c: four slots, a total, an error count."""
    SLOTS, CMD_MAX, QTY_MAX, ROUNDS_MAX = 4, 64, 1000, 64

    def __init__(self, hit):
        self.hit = hit
        self.items = [None] * self.SLOTS    # [name, id, qty]
        self.nitems = self.errors = self.total = self.last_audit = 0
        self.next_id = 1

    def load(self):
        self.hit("sample_load", proc=("nonzero",), next_id=self.next_id)

    def unload(self):
        self.hit("sample_unload", nitems=self.nitems, total=self.total)

    def fail(self, cmd, err):
        self.errors += 1
        self.hit("sample_error", cmd=cmd, err=-err, errors=self.errors)
        return err

    def write(self, data):
        count = len(data)
        if count >= self.CMD_MAX:
            self.hit("sample_too_long", count=count)
            return self.fail("(too long)", EINVAL)
        cmd = data.strip()
        self.hit("sample_write", count=count, cmd=cmd)
        return self.execute(cmd)

    def find(self, name):
        for it in self.items:
            if it and it[0] == name:
                return it
        return None

    def account(self, it, delta):
        self.total = (self.total + delta) & MASK64
        self.hit("sample_account", item=it[0], delta=delta, total=self.total,
                 nitems=self.nitems)

    def execute(self, cmd):
        n, verb, arg, num = scan(cmd)
        if n == 3 and verb == "add":
            if not num or num > self.QTY_MAX:
                return self.fail("add", ERANGE)
            it = self.find(arg)
            if not it:
                for i, slot in enumerate(self.items):
                    if not slot:
                        it = self.items[i] = [arg, self.next_id, 0]
                        self.next_id += 1
                        self.nitems += 1
                        break
            if not it:
                return self.fail("add", ENOSPC)
            it[2] += num
            self.hit("sample_add", item=it[0], qty=num, id=it[1], now=it[2])
            self.account(it, num)
            return 0
        if n == 2 and verb == "del":
            it = self.find(arg)
            if not it:
                return self.fail("del", ENOENT)
            self.hit("sample_del", item=it[0], id=it[1], qty=it[2])
            self.nitems -= 1
            self.account(it, -it[2])
            self.items[self.items.index(it)] = None
            return 0
        if n == 2 and verb == "run":
            rounds = kstrtouint(arg, 10)
            if rounds and rounds <= self.ROUNDS_MAX:
                acc = 0
                for i in range(rounds):
                    it = self.items[i % self.SLOTS] or ["", 0, 0]
                    acc = (acc * 31 + it[2] + it[1]) & MASK64
                    self.hit("sample_step", round=i, qty=it[2], acc=acc)
                self.last_audit = acc
                self.hit("sample_run_done", rounds=rounds, acc=acc)
                return 0
        if n == 1 and verb == "reset":
            self.items = [None] * self.SLOTS
            self.nitems = self.total = self.errors = 0
            return 0
        return self.fail(cmd, EINVAL)

    def read(self):
        self.hit("sample_show", nitems=self.nitems, total=self.total,
                 errors=self.errors)
        lines = ["%u %s %u" % (it[1], it[0], it[2])
                 for it in self.items if it]
        lines.append("items=%u total=%u errors=%u audit=%u" %
                     (self.nitems, self.total, self.errors, self.last_audit))
        return lines


class Ring:
    """smk_ring.c: a four-slot ring of unsigned ints."""
    SLOTS, MAX_VALS, CMD_MAX = 4, 8, 128

    def __init__(self, hit):
        self.hit = hit
        self.vals = [0] * self.SLOTS
        self.head = self.tail = self.count = self.pushed = self.dropped = 0

    def fail(self, cmd):
        self.hit("ring_bad", cmd=cmd)
        return EINVAL

    def write(self, data):
        if len(data) >= self.CMD_MAX:
            return self.fail("(too long)")
        cmd = data.strip()
        # strsep(&p, " \t"): the verb, and whether a separator followed.
        m = re.match(r"^([^ \t]*)([ \t](.*))?$", cmd, re.S)
        verb, rest = m.group(1), m.group(3)
        if verb == "drain" and rest is None:
            n = 0
            while self.count:
                val = self.vals[self.tail]
                self.hit("ring_pop", val=val, tail=self.tail,
                         count=self.count)
                self.tail = (self.tail + 1) & (self.SLOTS - 1)
                self.count -= 1
                n += 1
            self.hit("ring_drained", n=n)
            return 0
        if verb != "push":
            return self.fail(verb)
        vals = []
        for tok in re.split(r"[ \t]", rest) if rest is not None else []:
            if not tok:
                continue
            v = kstrtouint(tok, 0)
            if len(vals) == self.MAX_VALS or v is None:
                return self.fail(tok)
            vals.append(v)
        if not vals:
            return self.fail(verb)
        for val in vals:
            if self.count == self.SLOTS:
                self.dropped += 1
                self.hit("ring_drop", val=val, dropped=self.dropped)
                continue
            self.hit("ring_push", val=val, head=self.head, count=self.count)
            self.vals[self.head] = val
            self.head = (self.head + 1) & (self.SLOTS - 1)
            self.count += 1
            self.pushed += 1
        return 0

    def read(self):
        return ["count=%u head=%u tail=%u pushed=%u dropped=%u" %
                (self.count, self.head, self.tail, self.pushed, self.dropped)]


def run_model():
    """The scenario through the model: (hits, controls, steps) where hits
    is marker -> [{field: value}], controls function -> count, and steps
    [(line, expected rc (0 or an errno), expected read text or None)]."""
    hits = {m: [] for m in MARKERS}

    def hit(marker, **values):
        assert [f for f, _ in MARKERS[marker]] == list(values), marker
        hits[marker].append(values)

    sample, ring = Sample(hit), Ring(hit)
    writes = {SAMPLE: 0, RING: 0}
    steps = []
    for verb, path, text in STEPS:
        line, rc, out = "%s %s" % (verb, path), 0, None
        if verb == "insmod" and path == "smk_sample.ko":
            sample.load()
        elif verb == "rmmod" and path == "smk_sample":
            sample.unload()
        elif verb == "write":
            line += " " + text
            writes[path] += 1
            mod = sample if path == SAMPLE else ring
            rc = mod.write(text + "\n")     # printf '%s\n'
        elif verb == "read":
            out = (sample if path == SAMPLE else ring).read()
        steps.append((line, rc, out))
    counts = {m: len(h) for m, h in hits.items()}
    counts["#writes smk_sample"] = writes[SAMPLE]
    counts["#writes smk_ring"] = writes[RING]
    controls = {f: counts[what] for f, (_, what, _) in CONTROL.items()}
    return hits, controls, steps


def cmd_steps():
    for line, _, _ in run_model()[2]:
        print(line)


def cmd_control(sample_ko, ring_ko):
    """Entry probes: names from the symbol table, offsets always 0."""
    funcs = {}
    for mod, ko in (("smk_sample", sample_ko), ("smk_ring", ring_ko)):
        out = subprocess.run(["readelf", "-sW", ko], check=True,
                             capture_output=True, text=True).stdout
        for ln in out.splitlines():
            f = ln.split()
            if len(f) >= 8 and f[3] == "FUNC":
                funcs.setdefault(mod, []).append(f[7])
    print("# harness self-check: entry probes (tests/kernel/check.py)")
    for fn, (mod, _, args) in CONTROL.items():
        # The function and its clones, not its split-off parts.
        syms = [s for s in funcs.get(mod, [])
                if s == fn or (s.startswith(fn + ".") and
                               not re.search(r"\.(cold|part)(\.|$)", s))]
        if not syms:
            sys.exit("check.py: %s: no function %s" % (mod, fn))
        for s in syms:
            print(("p:smkcheck/%s %s:%s %s" % (fn, mod, s, args)).rstrip())


# --- reading what came back ---------------------------------------------

def parse_probes(path):
    """marker-resolve's text: (defs, verdicts).  defs: event ->
    {"group", "fields": [(name, spec, type)], "lines": [...]};
    verdicts: name -> (verdict, reason) from "# NAME: VERDICT: REASON"."""
    defs, verdicts = {}, {}
    for ln in open(path):
        ln = ln.strip()
        m = re.match(r"^#\s*([A-Za-z_]\w*):\s*([^:]+?):\s*(.*)$", ln)
        if m:
            verdicts[m.group(1)] = (m.group(2).strip(), m.group(3))
            continue
        if not ln or ln.startswith("#"):
            continue
        words = ln.split()
        m = re.match(r"^[pr]\d*:(?:([^/\s]+)/)?(\S+)$", words[0])
        if not m:
            continue
        fields = []
        for w in words[2:]:
            name, _, fetch = w.partition("=")
            spec, typ = fetch, ""
            m2 = re.match(r"^(.*):([a-z]\w*|b\d+@\d+/\d+|\w+\[\d+\])$", fetch)
            if m2:
                spec, typ = m2.group(1), m2.group(2)
            fields.append((name, spec, typ))
        d = defs.setdefault(m.group(2), {"group": m.group(1),
                                         "fields": fields, "lines": []})
        d["lines"].append(ln)
    return defs, verdicts


TRACE_RE = re.compile(r"^\s*(?P<task>.*?)-(?P<pid>\d+)\s+\[(?P<cpu>\d+)\]\s+"
                      r"(?:(?P<flags>\S+)\s+)?(?P<ts>\d+\.\d+):\s+"
                      r"(?P<event>[^:\s]+):\s+\((?P<ip>[^)]*)\)(?P<rest>.*)$")


def split_fields(rest, names):
    """' a=1 b="x y" c=2' with the field names known, in order: a string
    may hold spaces, so each value runs to the next ' NAME=' that follows
    a complete value."""
    vals, pos = {}, 0
    for i, name in enumerate(names):
        key = " %s=" % name
        if not rest.startswith(key, pos):
            return None
        start = pos + len(key)
        if i + 1 == len(names):
            vals[name], pos = rest[start:], len(rest)
            break
        nxt = " %s=" % names[i + 1]
        at = rest.find(nxt, start)
        while at >= 0 and rest[start] == '"' and (at == start or
                                                 rest[at - 1] != '"'):
            at = rest.find(nxt, at + 1)
        if at < 0:
            return None
        vals[name], pos = rest[start:at], at
    return vals


def parse_trace(path, defs):
    """event -> [{"ip", "raw", "fields": {name: text}}], and bad lines."""
    events, bad = {}, []
    for n, ln in enumerate(open(path, errors="replace")):
        ln = ln.rstrip("\n")
        if not ln or ln.startswith("#"):
            continue
        m = TRACE_RE.match(ln)
        if not m:
            bad.append(ln)
            continue
        ev = m.group("event")
        names = [f[0] for f in defs.get(ev, {"fields": []})["fields"]]
        vals = split_fields(m.group("rest"), names) if names else {}
        if vals is None:
            bad.append(ln)
            vals = {}
        events.setdefault(ev, []).append({"ip": m.group("ip"), "raw": ln,
                                          "fields": vals, "event": ev,
                                          "n": n})
    return events, bad


def marker_of(event):
    """The marker an event probes: its name, less a numeric suffix."""
    if event in MARKERS:
        return event
    m = re.match(r"^(.*?)_*\d+$", event)
    return m.group(1) if m and m.group(1) in MARKERS else None


def ident(expr):
    return re.sub(r"[^A-Za-z0-9]+", "_", expr).strip("_")


def match_fields(marker, fields):
    """Fetched field name -> the marker's format field, or None."""
    args = MARKERS[marker]
    out = {}
    for i, (name, _, _) in enumerate(fields):
        for fmt, expr in args:
            if name in (fmt, ident(expr)):
                out[name] = fmt
                break
        else:
            out[name] = args[i][0] if len(fields) == len(args) else None
    return out


def same(text, want):
    """Does a printed kprobe value equal the model's value?  (ok, note)"""
    if isinstance(want, tuple):                     # a predicate
        try:
            return int(text, 0) != 0, ""
        except ValueError:
            return False, ""
    if isinstance(want, str):
        return text == '"%s"' % want, ""
    try:
        got = int(text, 0)
    except ValueError:
        return False, ""
    if got == want:
        return True, ""
    for bits in (64, 32, 16, 8):
        m = (1 << bits) - 1
        if got & m == want & m and (got != want):
            return False, " (same low %d bits: signedness or width)" % bits
    return False, ""


class Tap:
    def __init__(self):
        self.failed = 0

    def ok(self, cond, desc, *diag):
        print("%s - %s" % ("ok" if cond else "not ok", desc))
        if not cond:
            self.failed += 1
            self.diag(*diag)

    def diag(self, *lines):
        for ln in lines:
            for sub in str(ln).splitlines() or [""]:
                print("# " + sub)


def cmd_check(probes, guest, outdir):
    hits, controls, steps = run_model()
    defs, verdicts = parse_probes(probes)
    glines = open(guest, errors="replace").read().splitlines()
    dmesg = os.path.join(outdir, "dmesg")
    # The whole trace, read after rmmod, has raw addresses; the one read
    # before has them symbolized, for the messages.
    events, bad = parse_trace(os.path.join(outdir, "trace"), defs)
    early, _ = parse_trace(os.path.join(outdir, "trace-loaded"), defs)
    sym = {g["raw"].split(": (")[0]: g["ip"]
           for evs in early.values() for g in evs}
    for evs in events.values():
        for g in evs:
            g["ip"] = sym.get(g["raw"].split(": (")[0], g["ip"])
    t = Tap()

    # The run itself: every definition taken, every step as modelled.
    rejected = [ln[len("probe rejected "):] for ln in glines
                if ln.startswith("probe rejected ")]
    t.ok(not [ln for ln in glines if ln.startswith("probe not-enabled ")],
         "every defined event could be enabled",
         *[ln for ln in glines if ln.startswith("probe not-enabled ")])
    got_steps = []
    for i, ln in enumerate(glines):
        m = re.match(r"^step (\d+) rc=(\d+) (.*)$", ln)
        if m:
            body, errs = [], []
            for nxt in glines[i + 1:]:
                if nxt.startswith("  | "):
                    body.append(nxt[4:])
                elif nxt.startswith("  ! "):
                    errs.append(nxt[4:])
                else:
                    break
            got_steps.append((m.group(3), int(m.group(2)), body, errs))
    t.ok(len(got_steps) == len(steps), "all %d steps ran in the guest"
         % len(steps), "got %d" % len(got_steps))
    rc_bad, read_bad = [], []
    for (line, rc, out), (gline, grc, body, errs) in zip(steps, got_steps):
        if gline != line:
            rc_bad.append("step %r ran as %r" % (line, gline))
            continue
        want_err = os.strerror(rc) if rc else ""
        if (grc != 0) != (rc != 0) or (
                rc and not any(want_err in e for e in errs)):
            rc_bad.append("%s: expected %s, got rc=%d %s" % (
                line, "-" + want_err if rc else "success", grc,
                " ".join(errs)))
        if out is not None and body != out:
            read_bad.append("%s: expected %r, got %r" % (line, out, body))
    t.ok(not rc_bad, "each step succeeded or failed with the errno the "
         "modules document", *rc_bad)
    t.ok(not read_bad, "the /proc reads match the model of the modules",
         *read_bad)
    t.ok(not bad, "every trace line parses", *bad[:10])

    # The harness self-check: entry probes count the calls.
    for fn, want in controls.items():
        if fn not in defs:
            continue
        got = events.get(fn, [])
        t.ok(len(got) == want, "self-check: %s entered %d times" % (fn, want),
             "got %d" % len(got))
        if defs[fn]["fields"]:
            mod = CONTROL[fn][0]
            want_counts = [len(text) + 1 for verb, path, text in STEPS
                           if verb == "write" and path ==
                           (SAMPLE if mod == "smk_sample" else RING)]
            got_counts = [e["fields"].get("count", "") for e in got]
            t.ok(got_counts == [str(c) for c in want_counts],
                 "self-check: %s count= argument at each call" % fn,
                 "got      %s" % " ".join(got_counts),
                 "expected %s" % " ".join(map(str, want_counts)))

    # The markers.  A marker's probes are the events named after it, or
    # after it with a numeric suffix (one event per site, should a
    # resolver need that): their hits merge in trace order.
    summary = []
    for marker in MARKERS:
        want = hits[marker]
        evs = [e for e in defs if marker_of(e) == marker]
        verdict, reason = verdicts.get(marker, ("exact" if evs else
                                                "not found", ""))
        if not evs:
            t.diag("%s: %s%s: expected %d hits, no probe" % (
                marker, verdict, ": " + reason if reason else "", len(want)))
            summary.append((marker, verdict, len(want), None, None, None))
            continue
        got = sorted((g for e in evs for g in events.get(e, [])),
                     key=lambda g: g["n"])
        fmaps = {e: match_fields(marker, defs[e]["fields"]) for e in evs}
        nval = nright = 0
        wrong = []
        for k, (w, g) in enumerate(zip(want, got)):
            fmap = fmaps[g["event"]]
            for name, spec, typ in defs[g["event"]]["fields"]:
                fmt = fmap.get(name)
                if fmt is None:
                    continue
                nval += 1
                text = g["fields"].get(name)
                good, note = same(text, w[fmt]) if text is not None else \
                    (False, "")
                if good:
                    nright += 1
                else:
                    wrong.append("hit %d (%s): %s=%s (%s:%s): got %s, "
                                 "expected %s%s" % (
                                     k + 1, g["ip"], name, fmt, spec, typ,
                                     text, w[fmt], note))
        fmap = {}
        for e in evs:
            fmap.update(fmaps[e])
        lines = [ln for e in evs for ln in defs[e]["lines"]]
        unmatched = [n for n, f in fmap.items() if f is None]
        missing = [f for f, _ in MARKERS[marker] if f not in fmap.values()]
        summary.append((marker, verdict, len(want), len(got), nright, nval))
        rej = [ln for ln in lines if ln in rejected]
        info = ["definition: " + ln for ln in lines]
        info += ["rejected by the kernel: " + ln for ln in rej]
        info += ["kernel: " + ln.rstrip() for ln in open(dmesg,
                                                         errors="replace")
                 if re.search(r"trace_kprobe:.*\b(%s)\b" % "|".join(evs),
                              ln)]
        if missing:
            info.append("not fetched: " + ", ".join(missing))
        if unmatched:
            info.append("fields not matched to the format: " +
                        ", ".join(unmatched))
        if verdict != "exact":
            t.diag("%s: %s: %s" % (marker, verdict, reason),
                   "  hits: expected %d, got %d; values right %d/%d" % (
                       len(want), len(got), nright, nval),
                   *["  " + x for x in info + wrong[:5]])
            continue
        t.ok(len(got) == len(want), "%s: exact: %d hits" % (marker,
                                                           len(want)),
             "got %d" % len(got), *info)
        t.ok(not wrong and not unmatched,
             "%s: every fetched value right (%d/%d)" % (marker, nright, nval),
             *(wrong[:20] + info))

    t.diag("marker            verdict       hits exp/got   values right")
    for marker, verdict, nw, ng, nr, nv in summary:
        t.diag("%-17s %-13s %4d/%-4s       %s" % (
            marker, verdict, nw, "-" if ng is None else ng,
            "-" if nv is None else "%d/%d" % (nr, nv)))

    oops = [ln.rstrip() for ln in open(dmesg, errors="replace")
            if re.search(r"\b(BUG|WARNING|Oops|general protection|"
                         r"Call Trace)\b", ln)]
    t.ok(not oops, "no kernel warning or oops in dmesg", *oops[:20])
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "steps":
        cmd_steps()
    elif len(argv) == 4 and argv[1] == "control":
        cmd_control(argv[2], argv[3])
    elif len(argv) == 5 and argv[1] == "check":
        return cmd_check(*argv[2:])
    else:
        sys.stderr.write(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
