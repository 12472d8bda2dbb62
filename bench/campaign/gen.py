#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Markers at the statement boundaries of a C file, found by libclang.

  gen.py points FILE.c [-I DIR...]          list the boundaries (JSON)
  gen.py mark FILE.c OUT.c --seed S [--max N] [-I DIR...]
                                             every boundary, or N of them

A boundary is the point before a statement of a compound statement (a
block), or before the closing brace of a block whose last statement does
not leave it.  The points come from libclang's parse of the file, not
from its text, so that macros, strings and comments cannot move them;
only points whose statement starts in FILE.c itself (not in a header, not
inside a macro expansion) are used.

The arguments of a marker are in-scope scalar variables that have a value
at the point: the function's parameters, and the locals declared, with an
initializer, in an enclosing block before the point (innermost first when
names repeat).  Integer types only (fetched and printed the same way on
both sides); volatile ones are left out (the witness's read would be one
more access than the program makes).  Globals are left out: a compiler may
hold a global in a register across a marker, and what a probe reads from
memory then is not the program's value, nor any placement's fault.

Deterministic: the same file and seed give the same markers.  Used as a
module by bench/campaign/run.py: points(), render().
"""
import bisect
import json
import os
import random
import re
import sys

CLANG_LIB = "/usr/lib/llvm-14/lib/libclang.so.1"
sys.path.insert(0, "/usr/lib/python3/dist-packages")
import clang.cindex as ci  # noqa: E402

if not ci.Config.loaded:
    try:
        ci.Config.set_library_file(CLANG_LIB)
    except Exception:  # noqa: BLE001 (set once per process)
        pass

INT_KINDS = {
    ci.TypeKind.CHAR_S: True, ci.TypeKind.SCHAR: True,
    ci.TypeKind.CHAR_U: False, ci.TypeKind.UCHAR: False,
    ci.TypeKind.SHORT: True, ci.TypeKind.USHORT: False,
    ci.TypeKind.INT: True, ci.TypeKind.UINT: False,
    ci.TypeKind.LONG: True, ci.TypeKind.ULONG: False,
    ci.TypeKind.LONGLONG: True, ci.TypeKind.ULONGLONG: False,
}
LEAVES = (ci.CursorKind.RETURN_STMT, ci.CursorKind.BREAK_STMT,
          ci.CursorKind.CONTINUE_STMT, ci.CursorKind.GOTO_STMT)
# A marker before a label would sit on another path (a case's fall-through).
NOT_BEFORE = (ci.CursorKind.CASE_STMT, ci.CursorKind.DEFAULT_STMT,
              ci.CursorKind.LABEL_STMT, ci.CursorKind.NULL_STMT)


def scalar(cur):
    """(signed, bytes) of an integer variable, or None."""
    t = cur.type
    if t.is_volatile_qualified():
        return None
    c = t.get_canonical()
    if c.is_volatile_qualified() or c.kind not in INT_KINDS:
        return None
    return INT_KINDS[c.kind], c.get_size()


def has_init(var):
    return any(ch.kind.is_expression() for ch in var.get_children())


def in_file(cur, path):
    f = cur.extent.start.file
    return f is not None and os.path.samefile(f.name, path)


def points(path, args=()):
    """Boundaries of the file: [{"offset", "line", "func", "vars":
    [(name, signed, bytes)], "where": "before"|"end"}], in file order."""
    idx = ci.Index.create()
    tu = idx.parse(path, args=list(args) + ["-std=gnu11", "-w"],
                   options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)
    errs = [d for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errs:
        raise RuntimeError(f"{path}: {errs[0].spelling}")
    with open(path, "rb") as f:
        text = f.read()
    # Offsets of macro expansions: a statement starting there is not ours.
    macros = [(m.extent.start.offset, m.extent.end.offset)
              for m in tu.cursor.get_children()
              if m.kind == ci.CursorKind.MACRO_INSTANTIATION and
              in_file(m, path)]
    macro_at = {a for a, _b in macros}
    # A statement in a macro's argument (zlib's CLEAR_HASH(s), whose
    # body is a block) has its argument's spelling place in the file:
    # a point inside an invocation is in no statement of the file's text.
    inside = []
    for a, b in sorted(macros):
        if inside and a < inside[-1][1]:
            inside[-1] = (inside[-1][0], max(b, inside[-1][1]))
        else:
            inside.append((a, b))
    starts = [a for a, _b in inside]

    def in_macro(off):
        i = bisect.bisect_right(starts, off) - 1
        return i >= 0 and inside[i][0] < off <= inside[i][1]
    out = []

    def block(cur, scope, func):
        scope = list(scope)
        kids = list(cur.get_children())
        # A block of the file's own text: its braces are there.  One a
        # macro made (lua's setobj2t, an alias of a macro whose body is
        # "{ ... }") has its tokens' places, not braces, at its ends.
        a, b = cur.extent.start.offset, cur.extent.end.offset
        real = in_file(cur, path) and 0 <= a < b <= len(text) and \
            text[a:a + 1] == b"{" and text[b - 1:b] == b"}"
        for k in kids:
            if real and k.kind not in NOT_BEFORE and in_file(k, path) and \
                    k.extent.start.offset not in macro_at:
                out.append({"offset": k.extent.start.offset,
                            "line": k.extent.start.line, "func": func,
                            "vars": list(scope), "where": "before"})
            if k.kind == ci.CursorKind.DECL_STMT:
                for v in k.get_children():
                    s = scalar(v) if v.kind == ci.CursorKind.VAR_DECL \
                        else None
                    if s and has_init(v):
                        scope = [x for x in scope if x[0] != v.spelling]
                        scope.append((v.spelling,) + s)
            walk(k, scope, func)
        if real and cur.extent.end.file and \
                not (kids and kids[-1].kind in LEAVES):
            out.append({"offset": cur.extent.end.offset - 1,
                        "line": cur.extent.end.line, "func": func,
                        "vars": list(scope), "where": "end"})

    def walk(cur, scope, func):
        for k in cur.get_children():
            if k.kind == ci.CursorKind.COMPOUND_STMT:
                block(k, scope, func)
            elif k.kind not in (ci.CursorKind.DECL_STMT,) and \
                    not k.kind.is_declaration():
                walk(k, scope, func)

    for f in tu.cursor.get_children():
        if f.kind != ci.CursorKind.FUNCTION_DECL or not f.is_definition() \
                or not in_file(f, path):
            continue
        params = []
        for p in f.get_arguments():
            s = scalar(p)
            if s and p.spelling:
                params.append((p.spelling,) + s)
        for k in f.get_children():
            if k.kind == ci.CursorKind.COMPOUND_STMT:
                block(k, params, f.spelling)
    # A boundary is a place in the text: one marker per offset.
    seen, uniq = set(), []
    for p in sorted(out, key=lambda p: p["offset"]):
        if in_macro(p["offset"]):
            continue
        if p["offset"] not in seen:
            seen.add(p["offset"])
            uniq.append(p)
    return uniq


def verify(path, names, args=()):
    """The proof that the markers of a marked file are where gen.py meant
    them: parsed again, as the witness build sees it (each marker a call
    of smk_witness()), every marker is one call, a statement of its own
    directly in a block, and its arguments are plain variables.  Returns
    the list of what is wrong (empty when right)."""
    idx = ci.Index.create()
    tu = idx.parse(path, args=list(args) + ["-std=gnu11", "-w",
                                            "-DSMK_WITNESS"])
    errs = [d.spelling for d in tu.diagnostics
            if d.severity >= ci.Diagnostic.Error]
    if errs:
        return [f"{path}: {errs[0]}"]
    with open(path, "rb") as f:
        text = f.read().decode(errors="replace")
    seen, bad = {}, []
    call = re.compile(r'trace_simple\((m\d+), "[^"]*"(?:, [A-Za-z_]\w*)*\);')

    def walk(cur, parent):
        for k in cur.get_children():
            if k.kind == ci.CursorKind.CALL_EXPR and \
                    k.spelling == "smk_witness" and in_file(k, path):
                # The call comes from the macro: its extent is the
                # invocation, whose text must be a marker gen.py wrote.
                m = call.match(text, k.extent.start.offset)
                name = m.group(1) if m else \
                    f"?@{k.extent.start.line}"
                seen[name] = seen.get(name, 0) + 1
                if cur.kind != ci.CursorKind.COMPOUND_STMT:
                    bad.append(f"{name}: in a {cur.kind.name}, not a block")
            walk(k, cur)
    walk(tu.cursor, None)
    for n in names:
        if seen.get(n) != 1:
            bad.append(f"{n}: {seen.get(n, 0)} calls")
    bad += [f"{n}: not inserted" for n in seen if n not in names]
    return bad


def conv(signed, size):
    if size == 8:
        return "%ld" if signed else "%lu"
    return "%d" if signed else "%u"


def choose_args(point, rng, most=3):
    """Up to `most` of the point's variables, innermost preferred."""
    vs = point["vars"]
    n = min(len(vs), rng.randint(0, most))
    inner = vs[::-1][:max(n, 6)]
    return sorted(rng.sample(inner, n), key=vs.index)


def marker_text(name, args):
    fmt = " ".join(f"{v}={conv(s, b)}" for v, s, b in args)
    return (f'trace_simple({name}, "{fmt}"' +
            "".join(f", {v}" for v, _s, _b in args) + ");")


def render(text, chosen, prelude, own_line=False):
    """Insert each (offset, marker text) of chosen into text (bytes).

    By default a marker shares its line with the statement it precedes
    ("trace_simple(...); for (...)"): legal C, and harder for a resolver
    that reads lines.  own_line puts it on a line of its own, as people
    write markers (the statement after it moves one line down)."""
    out, last = [], 0
    for off, m in sorted(chosen):
        out.append(text[last:off])
        out.append(m.encode() + (b"\n" if own_line else b" "))
        last = off
    out.append(text[last:])
    return prelude.encode() + b"".join(out)


PRELUDE = """\
/* Markers inserted by bench/campaign/gen.py */
#include <linux/simple_marker.h>
#ifdef SMK_WITNESS
# define SMK_WITNESS_MAIN
#endif
#include "witness.h"
"""


def main(argv):
    if len(argv) < 3 or argv[1] not in ("points", "mark"):
        print(__doc__, file=sys.stderr)
        return 2
    incs = [a for a in argv if a.startswith("-I")]
    rest = [a for a in argv[2:] if not a.startswith("-I")]
    pts = points(rest[0], incs)
    if argv[1] == "points":
        json.dump(pts, sys.stdout, indent=1)
        return 0
    seed = int(rest[rest.index("--seed") + 1]) if "--seed" in rest else 0
    most = int(rest[rest.index("--max") + 1]) if "--max" in rest else None
    rng = random.Random(seed)
    if most is not None and most < len(pts):
        pts = sorted(rng.sample(pts, most), key=lambda p: p["offset"])
    chosen = [(p["offset"], marker_text(f"m{i}", choose_args(p, rng)))
              for i, p in enumerate(pts)]
    with open(rest[0], "rb") as f:
        text = f.read()
    with open(rest[1], "wb") as f:
        f.write(render(text, chosen, PRELUDE))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
