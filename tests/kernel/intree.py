# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Host side of tests/kernel-intree.t: what tests/kernel/intree.sh's trace
must hold.

  intree.py OUTDIR JSON

OUTDIR is what the guest left (trace, pids), JSON marker-resolve's
--format=json for the vmlinux.  Prints "ok - DESC" and "not ok - DESC"
lines (the test numbers them), with " # TODO REASON" for the checks of a
marker that marker-resolve does not claim exact with all of the
arguments checked (the reason is its own), and "# ..." diagnostics.

Each step of intree.sh does one thing whose marker hit and values are
known; other hits in the same step (the shell's own write of the next
"smk-step" line, dd's exec) are allowed, so a step's check picks out the
hits of its own process and operation and requires exactly one of them,
with every fetched value right.
"""
import json
import os
import re
import sys

LINE = re.compile(r"^\s*(?P<comm>.+?)-(?P<pid>\d+)\s+\[\d+\]\s+\S+\s+"
                  r"[\d.]+: (?P<event>\w+): (?P<rest>.*)$")
FIELD = re.compile(r"(\w+)=(\S+)")
ENOSPC = 28


def parse(path):
    """[(step, event, pid, {field: text})]; step 0 before the first."""
    hits, step = [], 0
    for line in open(path, errors="replace"):
        m = LINE.match(line)
        if not m:
            continue
        ev, rest = m.group("event"), m.group("rest")
        if ev == "tracing_mark_write":
            s = re.match(r"smk-step (\d+)", rest)
            if s:
                step = int(s.group(1))
            continue
        fields = dict(FIELD.findall(rest.split(")", 1)[-1]))
        hits.append((step, ev, int(m.group("pid")), fields))
    return hits


def num(text):
    try:
        return int(text, 0)
    except (TypeError, ValueError):
        return None


def claims(path):
    """marker name -> None when claimed exact with every argument, else
    why not (from marker-resolve's own verdict and reasons)."""
    why = {}
    for m in json.load(open(path))["markers"]:
        r = None
        if m["verdict"] != "exact":
            r = f"marker-resolve: {m['verdict']} ({m['rule']}): " + \
                (m["reason"] or "")
        else:
            for site in m["sites"]:
                for a in site["args"]:
                    if not a["spec"]:
                        r = f"marker-resolve: {a['name']}: {a['reason']}"
        why[m["name"]] = r
    return why


def main():
    out = sys.argv[1]
    why = claims(sys.argv[2])
    for name in ("vfs_write_done", "vfs_read_done", "kernel_clone_done"):
        why.setdefault(name, "marker-resolve: no definition")
    pids = dict(line.split() for line in open(os.path.join(out, "pids")))
    shell, child = int(pids["shell"]), int(pids["child"])
    hits = parse(os.path.join(out, "trace"))
    results = []

    def check(desc, cond, diag=None, marker=None):
        todo = why.get(marker)
        if not todo:
            results.append(cond)
        print(("ok - " if cond else "not ok - ") + desc +
              (f" # TODO {todo}" if todo else ""))
        if not cond and diag:
            print("# " + str(diag))

    names = sorted({h[1] for h in hits})
    print(f"# {len(hits)} marker hits in the trace: {', '.join(names)}")

    def one(step, event, desc, pick):
        mine = [h for h in hits if h[0] == step and h[1] == event and
                pick(h[2], h[3])]
        check(f"step {step}: one {event} hit for {desc}", len(mine) == 1,
              f"{len(mine)} of them; the step's {event} hits: " +
              str([(h[2], h[3]) for h in hits
                   if h[0] == step and h[1] == event]), event)
        return mine[0][3] if len(mine) == 1 else None

    def values(step, event, f, want):
        f = f or {}
        got = {k: num(f.get(k)) for k in want}
        check(f"step {step}: {event} " +
              " ".join(f"{k}={v}" for k, v in want.items()), got == want,
              f"fetched {f}", event)
        check(f"step {step}: {event} file is a kernel pointer",
              (num(f.get("file")) or 0) >= 0xffff800000000000,
              f"file={f.get('file')}", event)

    f = one(1, "vfs_write_done", "the shell's 14-byte write",
            lambda pid, f: pid == shell and num(f.get("count")) == 14)
    values(1, "vfs_write_done", f, {"count": 14, "ret": 14})

    f = one(2, "vfs_read_done", "dd's 5-byte read",
            lambda pid, f: pid != shell and num(f.get("count")) == 5)
    values(2, "vfs_read_done", f, {"count": 5, "ret": 5})

    f = one(3, "vfs_write_done", "the shell's write to /dev/full",
            lambda pid, f: pid == shell and num(f.get("count")) == 1)
    values(3, "vfs_write_done", f, {"count": 1, "ret": -ENOSPC})

    # kernel_clone(): the exit signal is in args->exit_signal, not in
    # the flags; glibc's fork() asks CLONE_CHILD_SETTID|CLONE_CHILD_CLEARTID.
    f = one(4, "kernel_clone_done", f"the fork of pid {child}",
            lambda pid, f: pid == shell and num(f.get("nr")) == child)
    check("step 4: kernel_clone_done clone_flags=0x1200000 (glibc fork)",
          f is not None and num(f.get("clone_flags")) == 0x1200000,
          f"fetched {f}", "kernel_clone_done")
    # Kernel threads (kthreadd making a kworker) may fork meanwhile; the
    # shell forks exactly once in this step.
    fork_hits = [h for h in hits if h[0] == 4 and
                 h[1] == "kernel_clone_done" and h[2] == shell]
    check("step 4: the shell's only kernel_clone_done hit is that fork",
          len(fork_hits) == 1 and
          all((num(h[3].get("nr")) or 0) > shell for h in fork_hits),
          str([(h[2], h[3]) for h in fork_hits]), "kernel_clone_done")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
