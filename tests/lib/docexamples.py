# SPDX-License-Identifier: GPL-2.0 OR MIT
"""Run the console examples of the documentation and compare their output.

  docexamples.py [--list] [FILE...]      (default: README.md, Documentation/)

Which blocks.  Every fenced block of README.md and every literal block of
Documentation/*.rst and Documentation/man/*.rst (a paragraph ending in
"::", or ".. code-block:: console|sh|shell") is one of:

  - a console example: its lines starting with "$ " are commands (a line
    ending in "\\" continues on the next), the lines up to the next "$ " are
    the output the command must print; a command with no output shown
    must only succeed (exit 0);
  - marked as not run, with a reason, by an annotation before the block
    (after the previous block): "<!-- doctest: skip REASON -->" in
    Markdown, ".. doctest: skip REASON" (an rst comment) in rst.  The
    reasons are printed and counted;
  - C code (```c, ".. code-block:: c"): not a console example.

Any other block fails the test: a new example must run or say why not.
"doctest: setup NAME..." before a block runs the named set-ups (SETUPS
below) first, silently; they must succeed.

How.  The blocks of one file run in order, in one bash session on a pty
(stdout and stderr interleaved as a terminal shows them), in a copy of the
source tree that has the tools already built (so `make` there does
nothing new), as root, with HOME a private directory.  Set-ups and
commands run with stdin from /dev/null and a timeout.  A block with the
"trace" set-up reads the top tracefs instance's buffer: it holds the
exclusive lock $TMPDIR/smk-top-buffer.lock while it runs, which the tests
that fire shop's events there hold shared (tests/lib/tracefs.sh), so no
other test's events land among the documented ones.

Output is compared line by line after this normalisation, and nothing
else:
  - the copy's path is written /path/to/simple-marker, the private home
    /home/you;
  - ftrace lines "  TASK-PID [CPU] FLAGS TIME: EVENT: " are written
    "TASK-PID [CPU] FLAGS TIME: EVENT: " with those words literally and no
    indent, and a uprobe's "(0xADDR)" after it "(ADDR)" (the values and
    widths vary from run to run);
  - an expected line "..." stands for any number of lines;
  - trailing white space is dropped.
"""
import os
import pty
import re
import select
import shutil
import signal
import subprocess
import sys
import termios
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
PLACE = "/path/to/simple-marker"
HOMEPLACE = "/home/you"
TIMEOUT = 300     # a make that rebuilds (CI after SANITIZE=1)


class Block:
    def __init__(self, path, line, lang, lines, note):
        self.path, self.line, self.lang = path, line, lang
        self.lines, self.note = lines, note

    def where(self):
        return "%s:%d" % (os.path.relpath(self.path, TOP), self.line)


SETUP_SECTION = ("skip the README's Set-up: scripts/fresh-root.sh runs it "
                 "as written in a fresh Debian 12 root, and make check is "
                 "this test's own caller")
NOTE_MD = re.compile(r"^<!--\s*doctest:\s*(.*?)\s*-->\s*$")
NOTE_RST = re.compile(r"^\.\.\s+doctest:\s*(.*?)\s*$")


def md_blocks(path):
    out, note, lines = [], [], open(path).read().split("\n")
    i, section = 0, ""
    while i < len(lines):
        if lines[i].startswith("## "):
            section = lines[i]
        m = NOTE_MD.match(lines[i])
        if m:
            note.append(m.group(1))
        fm = re.match(r"^```(\S*)\s*$", lines[i])
        if fm:
            lang, start, body = fm.group(1), i + 1, []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            if section.startswith("## Set-up") and not note:
                # The lead's section, not annotated here: .ci/run runs it.
                note = [SETUP_SECTION]
            out.append(Block(path, start, lang, body, note))
            note = []
        i += 1
    return out


def rst_blocks(path):
    """Literal blocks: indented text after a paragraph ending in '::',
    and code-block directives."""
    out, note, lines = [], [], open(path).read().split("\n")
    i = 0
    while i < len(lines):
        s = lines[i]
        m = NOTE_RST.match(s)
        if m:
            note.append(m.group(1))
            i += 1
            continue
        cb = re.match(r"^\s*\.\. code-block::\s*(\S*)", s)
        lit = (not cb and s.rstrip().endswith("::") and
               not re.match(r"^\s*\.\. ", s))
        if not (cb or lit):
            i += 1
            continue
        lang = cb.group(1) if cb else ""
        base = len(s) - len(s.lstrip())
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        body = []
        start = j + 1
        while j < len(lines) and (not lines[j].strip() or
                                  len(lines[j]) - len(lines[j].lstrip()) >
                                  base):
            body.append(lines[j])
            j += 1
        while body and not body[-1].strip():
            body.pop()
        if body:
            ind = min(len(b) - len(b.lstrip()) for b in body if b.strip())
            body = [b[ind:] if b.strip() else "" for b in body]
            out.append(Block(path, start, lang, body, note))
            note = []
        i = j
    return out


def doc_files():
    files = [os.path.join(TOP, "README.md")]
    d = os.path.join(TOP, "Documentation")
    files += sorted(os.path.join(d, f) for f in os.listdir(d)
                    if f.endswith(".rst"))
    files += sorted(os.path.join(d, "man", f)
                    for f in os.listdir(os.path.join(d, "man"))
                    if f.endswith(".rst"))
    return files


def blocks_of(path):
    return md_blocks(path) if path.endswith(".md") else rst_blocks(path)


def commands(block):
    """[(command, [expected lines])]."""
    out, cur = [], None
    lines = list(block.lines)
    k = 0
    while k < len(lines):
        s = lines[k]
        if s.startswith("$ ") or s == "$":
            cmd = s[2:]
            while cmd.endswith("\\") and k + 1 < len(lines):
                k += 1
                cmd += "\n" + lines[k]
            cur = (cmd, [])
            out.append(cur)
        elif cur is not None:
            cur[1].append(s)
        k += 1
    return out


def classify(block):
    """('run'|'skip'|'code'|'bad', why)"""
    notes = block.note
    for n in notes:
        if n.startswith("skip"):
            return "skip", n[4:].strip(" :") or "(no reason given)"
    if block.lang in ("c", "C"):
        return "code", ""
    if commands(block):
        return "run", ""
    return "bad", ("neither a console example ($ lines) nor marked "
                   "'doctest: skip REASON'")


def setups_of(block):
    names = []
    for n in block.note:
        if n.startswith("setup"):
            names += n[5:].replace(",", " ").split()
    return names


# ---- the session ----

class Session:
    """One bash on a pty; commands written to its stdin (a pipe), each
    followed by a sentinel carrying its exit status."""

    def __init__(self, cwd, env):
        self.master, slave = pty.openpty()
        attr = termios.tcgetattr(slave)
        attr[1] &= ~termios.ONLCR           # no \r\n
        attr[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attr)
        self.proc = subprocess.Popen(
            ["bash", "--noprofile", "--norc"], stdin=subprocess.PIPE,
            stdout=slave, stderr=slave, cwd=cwd, env=env,
            start_new_session=True)
        os.close(slave)
        self.n = 0

    def run(self, cmd, timeout=TIMEOUT):
        self.n += 1
        tag = "\x1fDOCTEST-%d-%d:" % (os.getpid(), self.n)
        script = ("{ %s\n} </dev/null; printf '\\n%s%%d\\x1f\\n' $?\n" %
                  (cmd, tag))
        self.proc.stdin.write(script.encode())
        self.proc.stdin.flush()
        buf = b""
        end = time.time() + timeout
        pat = re.compile(re.escape(tag.encode()) + rb"(\d+)\x1f\n")
        while True:
            m = pat.search(buf)
            if m:
                out = buf[:m.start()].decode("utf-8", "replace")
                if out.endswith("\n"):
                    out = out[:-1]
                return int(m.group(1)), out
            left = end - time.time()
            if left <= 0:
                return None, buf.decode("utf-8", "replace")
            r, _, _ = select.select([self.master], [], [], left)
            if r:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    data = b""
                if not data:
                    return None, buf.decode("utf-8", "replace")
                buf += data

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            os.killpg(self.proc.pid, signal.SIGKILL)
        os.close(self.master)


FTRACE = re.compile(r"^\s*(\S+)-\d+\s+\[\d+\]\s+\S+\s+\d+\.\d+: (\w+): ")
FTRACE_ADDR = re.compile(r"^(\S+-PID \[CPU\] FLAGS TIME: \w+: )\(0x[0-9a-f]+\)")


def normalise(text, tree, home):
    out = []
    for line in text.split("\n"):
        line = line.replace(tree, PLACE).replace(home, HOMEPLACE)
        line = FTRACE.sub(r"\1-PID [CPU] FLAGS TIME: \2: ", line)
        line = FTRACE_ADDR.sub(r"\1(ADDR)", line)
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return out


def match(exp, got):
    """Lines equal, '...' in exp matching any number of lines."""
    exp = [e.rstrip() for e in exp]
    while exp and not exp[-1]:
        exp.pop()

    def m(i, j):
        if i == len(exp):
            return j == len(got)
        if exp[i] == "...":
            return any(m(i + 1, k) for k in range(j, len(got) + 1))
        if j < len(got) and exp[i] == got[j]:
            return m(i + 1, j + 1)
        return False
    return m(0, 0)


# ---- set-ups: what an example assumes, built before its block ----

LTTNG_S1 = r"""
gcc -O2 -g -finstrument-functions -Iinclude -o shop-cyg examples/shop.c &&
lttng-sessiond --daemonize --no-kernel &&
lttng create s1 --output="$HOME/lttng-traces/s1" &&
lttng enable-event -u 'lttng_ust_cyg_profile:*,lttng_ust_statedump:*,lttng_ust_dl:*,lttng_ust_lib:*' &&
lttng add-context -u -t ip -t vpid -t vtid &&
lttng start &&
LD_PRELOAD='liblttng-ust-cyg-profile.so liblttng-ust-dl.so' ./shop-cyg apple 3 &&
lttng destroy
"""

SETUPS = {
    # the tools on PATH, as README.md says to do
    "path": 'export PATH="$PWD/tools/marker-list:$PWD/tools/resolve:$PATH"',
    # examples/shop built (make demo or make -C examples)
    "shop": "make -s -C examples >/dev/null",
    # the sample modules built against the cloud kernel's headers
    "samples": "make -s -C samples >/dev/null 2>&1",
    # vmlinux of the cloud kernel with DWARF (its -dbg package), here
    "vmlinux": 'ln -sf "$DT_VMLINUX" vmlinux',
    # an unpacked -dbg tree, no modules.dep, with smk_sample.ko added
    "dbg": r"""make -s -C samples >/dev/null 2>&1 &&
d=dbg/usr/lib/debug && mkdir -p $d/boot $d/lib/modules/$DT_REL/extra &&
ln -sf "$DT_VMLINUX" $d/boot/vmlinux-$DT_REL &&
cp samples/smk_sample.ko $d/lib/modules/$DT_REL/extra/""",
    # tracefs mounted, and the global buffer emptied of earlier runs
    # (and group shop of an interrupted run removed: ours alone)
    "trace": r"""marker-resolve detach -g shop >/dev/null 2>&1;
{ mountpoint -q /sys/kernel/tracing ||
mount -t tracefs nodev /sys/kernel/tracing; } &&
echo > /sys/kernel/tracing/trace""",
    # a saved ftrace buffer of the cloud kernel under qemu: the sample_add
    # probe of smk_sample.ko, hit twice; vmlinux, smk_sample.ko and trace
    # in the current directory
    "kernel-trace": r"""make -s -C samples >/dev/null 2>&1 &&
ln -sf "$DT_VMLINUX" vmlinux && cp samples/smk_sample.ko . &&
marker-resolve -N sample_add smk_sample.ko > kprobes 2>/dev/null &&
printf '%s\n' 'insmod smk_sample.ko' 'write /proc/smk_sample add apple 3' \
	'write /proc/smk_sample add pear 2' > ksteps &&
k=$(scripts/qemu-kernel.sh) &&
scripts/qemu-run.sh -k "$k" -m smk_sample.ko -f tests/kernel/guest-lib.sh \
	-f kprobes -f ksteps -o kout tests/kernel/probe.sh kprobes ksteps \
	> kguest.txt 2>&1 && cp kout/trace trace""",
    # an LTTng kernel trace of smk_sample's sample_add kprobe events in
    # the cloud kernel under qemu: tests/lib/docs-lttng-kernel.sh
    "lttng-kernel": r"""make -s -C samples >/dev/null 2>&1 &&
sh tests/lib/docs-lttng-kernel.sh || { tail -n 20 lttng-kernel.log; false; }""",
    # an LTTng userspace trace of examples/shop in ~/lttng-traces/s1
    "lttng-s1": LTTNG_S1,
}


def render_errors(path):
    """docutils' messages at WARNING or worse, as rst2html/rst2man
    --halt=warning would stop on; '' when clean."""
    import docutils.core
    import docutils.utils
    from docutils.parsers.rst import Directive, directives

    class Toctree(Directive):       # Sphinx's, for index.rst
        has_content = True
        option_spec = {"maxdepth": directives.unchanged}

        def run(self):
            return []
    directives.register_directive("toctree", Toctree)
    if "/man/" in path:             # what make man runs
        r = subprocess.run(["rst2man", "--halt=warning", "--report=warning",
                            path, "/dev/null"], capture_output=True,
                           text=True)
        return "" if r.returncode == 0 and not r.stderr else (
            "rst2man exit %d: %s" % (r.returncode, r.stderr))
    writer = "html"
    try:
        out = docutils.core.publish_string(
            open(path).read(), source_path=path, writer_name=writer,
            settings_overrides={"halt_level": 2, "report_level": 2,
                                "warning_stream": False}).decode()
    except docutils.utils.SystemMessage as e:
        return str(e)
    return broken_rows(out)


def broken_rows(html):
    """Rows of a simple table that docutils accepts but that render
    broken: a second line of the first column written where a new row
    starts ("through the marker" under "next line, every path"), which
    gives a row with a first cell, an empty second one and a third."""
    bad = []
    for row in re.findall(r"<tr.*?</tr>", html, re.S):
        cells = [re.sub(r"<.*?>|&nbsp;|\s+", " ", c).strip()
                 for c in re.findall(r"<td.*?</td>", row, re.S)]
        if len(cells) >= 3 and cells[0] and not cells[1] and cells[2]:
            bad.append("a row that continues the previous one: %s" %
                       " | ".join(cells))
    return "\n".join(bad)


class Tap:
    def __init__(self):
        self.n = self.failed = 0

    def result(self, good, desc, diag=""):
        self.n += 1
        if not good:
            self.failed += 1
        print("%s %d - %s" % ("ok" if good else "not ok", self.n, desc))
        if diag and not good:
            for line in diag.rstrip("\n").split("\n"):
                print("# " + line)
        sys.stdout.flush()

    def skip(self, desc, why):
        self.n += 1
        print("ok %d - %s # SKIP %s" % (self.n, desc, why))


def top_buffer_lock(wait=900):
    """The top instance's buffer to this block alone: the exclusive lock
    that the tests firing events there hold shared (tests/lib/tracefs.sh,
    top_buffer_share).  Returns (fd, None), or (None, why) after WAIT
    seconds."""
    import fcntl
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                        "smk-top-buffer.lock")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
    end = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd, None
        except BlockingIOError:
            if time.monotonic() > end:
                os.close(fd)
                return None, ("%s held by another test for %d s"
                              % (path, wait))
            time.sleep(0.2)


def make_tree(tmp):
    """A copy of the source tree, tools and objects included (not .git),
    so that `make` in it has nothing to rebuild."""
    tree = os.path.join(tmp, "simple-marker")
    shutil.copytree(TOP, tree, symlinks=True,
                    ignore=shutil.ignore_patterns(".git", "__pycache__"))
    return tree


def run_file(tap, path, tree, env, counts):
    blocks = blocks_of(path)
    sess = None
    try:
        for b in blocks:
            kind, why = classify(b)
            if kind == "code":
                continue
            if kind == "skip":
                counts["skip"] += 1
                tap.skip(b.where() + ": not run", why)
                continue
            if kind == "bad":
                tap.result(False, b.where() + ": " + why)
                continue
            if sess is None:
                sess = Session(tree, env)
            counts["run"] += 1
            diag, good = [], True
            lock = None
            if "trace" in setups_of(b):
                lock, why = top_buffer_lock()
                if lock is None:
                    tap.result(False, b.where() + ": " + why)
                    continue
            for name in setups_of(b):
                if name not in SETUPS:
                    good = False
                    diag.append("unknown set-up '%s'" % name)
                    continue
                rc, out = sess.run(SETUPS[name])
                if rc != 0:
                    good = False
                    diag.append("set-up %s failed (%s):\n%s" % (name, rc,
                                                                out))
            for cmd, exp in commands(b) if good else []:
                counts["commands"] += 1
                rc, out = sess.run(cmd)
                got = normalise(out, tree, env["HOME"])
                if rc is None:
                    good = False
                    diag.append("$ %s\ntimed out after %d s:\n%s" %
                                (cmd, TIMEOUT, "\n".join(got)))
                    break
                if rc != 0:
                    good = False
                    diag.append("$ %s\nexit status %d:\n%s" %
                                (cmd, rc, "\n".join(got)))
                    continue
                shown = [e for e in exp if e.strip()]
                if shown:
                    counts["compared"] += 1
                    if not match(exp, got):
                        good = False
                        import difflib
                        d = difflib.unified_diff(
                            [e.rstrip() for e in exp], got, "documented",
                            "printed", lineterm="")
                        diag.append("$ %s\n%s" % (cmd, "\n".join(d)))
            if lock is not None:
                os.close(lock)
            tap.result(good, "%s: %d command(s) run as documented" %
                       (b.where(), len(commands(b))), "\n".join(diag))
    finally:
        if sess:
            sess.run("lttng destroy -a >/dev/null 2>&1; "
                     "kill $(cat /var/run/lttng/lttng-sessiond.pid "
                     "2>/dev/null) 2>/dev/null; true", 20)
            sess.close()


def main():
    args = sys.argv[1:]
    listing = "--list" in args
    args = [a for a in args if a != "--list"]
    files = [os.path.abspath(a) for a in args] or doc_files()
    if listing:
        for f in files:
            for b in blocks_of(f):
                k, why = classify(b)
                print("%-8s %s %s %s" % (k, b.where(), " ".join(setups_of(b)),
                                         why))
        return 0
    tmp = os.environ["DT_TMP"]
    tree = make_tree(tmp)
    home = os.path.join(tmp, "home")
    os.makedirs(home)
    env = dict(os.environ, HOME=home, LC_ALL="C.UTF-8", TERM="dumb",
               COLUMNS="200")
    env["LTTNG_HOME"] = home
    tap = Tap()
    counts = {"run": 0, "skip": 0, "commands": 0, "compared": 0}
    if not args:
        for f in files[1:]:         # README.md is Markdown
            why = render_errors(f)
            tap.result(not why, "%s renders without a docutils warning" %
                       os.path.relpath(f, TOP), why)
        help_paths(tap)
        figures_check(tap)
    for f in files:
        run_file(tap, f, tree, env, counts)
    print("# examples: %d blocks run (%d commands, %d outputs compared), "
          "%d marked not run" % (counts["run"], counts["commands"],
                                 counts["compared"], counts["skip"]))
    print("1..%d" % tap.n)
    return 1 if tap.failed else 0


def help_paths(tap):
    """Every Documentation/ path a --help text names exists."""
    for tool in ("tools/marker-list/marker-list",
                 "tools/resolve/marker-resolve"):
        r = subprocess.run([os.path.join(TOP, tool), "--help"],
                           capture_output=True, text=True)
        text = r.stdout + r.stderr
        bad = [p for p in re.findall(r"Documentation/[\w./-]*\w", text)
               if not os.path.exists(os.path.join(TOP, p))]
        tap.result(r.returncode == 0 and not bad,
                   "%s --help names no missing file" %
                   os.path.basename(tool),
                   "exit %d; missing: %s" % (r.returncode, " ".join(bad)))


def figures_check(tap):
    """The figures the docs quote are Documentation/figures/'s."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import figures
    for good, desc, diag in figures.check():
        tap.result(good, desc, diag + "\n(rerun the measuring script with "
                   "--figures, or tests/lib/figures.py --update)")


if __name__ == "__main__":
    sys.exit(main() or 0)
