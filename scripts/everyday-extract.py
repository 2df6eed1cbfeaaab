#!/usr/bin/env python3
"""Extract everyday shell commands from the documentation on this machine.

Reads README/Markdown/reStructuredText/plain-text docs (also gzipped ones and
Python packages' METADATA long descriptions) under the roots given on the
command line (default: the Go module cache, /usr/share/doc, /usr/local/go,
pyenv's site-packages, global node_modules, the Google Cloud SDK and rustup's
docs), and prints one command per line (a multi-line command with its
newlines written as \\n), deduplicated, in first-seen order.

What counts as a command:
  - every line of a fenced block marked sh, bash, shell, zsh (``` or ~~~),
    a line starting with "$ " stripped of it; comments and blank lines dropped;
  - in a block marked console, shell-session, terminal or none, and in
    indented/reST literal blocks, only lines starting with "$ " (the rest is
    output);
  - reST ".. code-block:: bash|sh|shell|console" and ".. code:: bash" bodies,
    read as above.
Lines are joined until `bash -n` accepts them (backslash continuations, for
loops, heredocs), at most 25 lines; a line bash rejects for another reason is
dropped. Placeholders such as <your-token> become your-token (as a person
would type them). Prose is dropped: a first word that cannot be a command
word, a line ending in ':' or '.', or capitalised English words.
Usage: scripts/everyday-extract.py [ROOT...] > docs.txt
       scripts/everyday-extract.py --man LIST > man.txt   (LIST: man page files)
       scripts/everyday-extract.py --recipes [ROOT...] > recipes.txt
       scripts/everyday-extract.py --gcloud > gcloud.txt   (the Cloud SDK's man page examples)
"""
import gzip
import os
import re
import subprocess
import sys

ROOTS = [
    os.path.expanduser("~/go/pkg/mod"),
    "/usr/share/doc",
    "/usr/local/go",
    "/root/.pyenv/versions",
    "/usr/lib/node_modules",
    "/usr/lib/google-cloud-sdk",
    "/root/.rustup/toolchains",
    "/usr/lib/jvm",
    "/usr/lib/python3",
    "/usr/share/info",
]
# HTML documentation read too (only these: the rest is API reference).
HTML_ROOTS = [os.path.expanduser("~/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html/") + d
              for d in ("book", "cargo", "rustc", "rustdoc", "edition-guide", "embedded-book", "rust-by-example",
                        "clippy", "nomicon", "reference", "style-guide", "unstable-book")] + [
    "/usr/share/doc/valgrind", "/usr/share/gtk-doc", "/usr/share/doc/libffi8"]
PRE = re.compile(r"<pre[^>]*>(.*?)</pre>", re.S)
LANG = re.compile(r'class="[^"]*language-([A-Za-z0-9_-]+)')
DOC_EXT = (".md", ".markdown", ".rst", ".txt", ".md.gz", ".rst.gz", ".txt.gz")
SHELL_LANGS = {"sh", "bash", "shell", "zsh", "shell-script", "bash-script"}
PROMPT_LANGS = {"console", "shell-session", "shellsession", "sh-session",
                "bash-session", "terminal", "", "text", "none", "cmd"}
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*\{?\.?([A-Za-z0-9_+-]*)")
RST_CODE = re.compile(r"^(\s*)\.\.\s+(?:code-block|code|sourcecode|prompt)::\s*([A-Za-z0-9_-]*)")
PROMPT = re.compile(r"^\s*(?:\([\w.-]+\)\s*)?(?:[\w.@~:/-]*)?\$ (.*)$")
PLACEHOLDER = re.compile(r"<([A-Za-z][A-Za-z0-9_.:/|-]*(?: [A-Za-z0-9_.-]+){0,3})>")
FIRST = re.compile(r"^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*([A-Za-z0-9_./~${}\[\]-][A-Za-z0-9_./+:@{}$~-]*|\(|\{|!|\[\[?)(\s|$|;)")
ENGLISH = re.compile(r"^(?:The|This|To|If|You|Then|Now|Run|Use|For|In|On|Note|See|It|We|Once|After|Before|When|And|Or|A|An)\b ")


def is_doc(path):
    name = os.path.basename(path)
    low = name.lower()
    if low.endswith(DOC_EXT):
        return True
    if low.startswith("readme") or low in ("install", "install.gz", "usage"):
        return True
    if name == "METADATA" and ".dist-info" in path:
        return True
    if ".info" in low and "/info/" in path:
        return True
    return False


def read(path):
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rt", errors="replace") as f:
                return f.read(2_000_000)
        with open(path, errors="replace") as f:
            return f.read(2_000_000)
    except (OSError, EOFError, gzip.BadGzipFile):
        return ""


def blocks(text):
    """Yields (kind, lines): kind 'shell' (every line) or 'prompt' ($-lines)."""
    lines = text.split("\n")
    i = 0
    n = len(lines)
    while i < n:
        line = lines[i]
        m = FENCE.match(line)
        if m:
            fence = m.group(2)
            lang = m.group(3).lower()
            body = []
            i += 1
            while i < n and not lines[i].strip().startswith(fence[:3]):
                body.append(lines[i])
                i += 1
            i += 1
            if lang in SHELL_LANGS:
                yield "shell", body
            elif lang in PROMPT_LANGS:
                yield "prompt", body
            continue
        m = RST_CODE.match(line)
        if m:
            indent = len(m.group(1))
            lang = m.group(2).lower()
            body = []
            i += 1
            while i < n and (not lines[i].strip() or len(lines[i]) - len(lines[i].lstrip()) > indent):
                if not lines[i].strip().startswith(":") or body:
                    body.append(lines[i])
                i += 1
            if lang in SHELL_LANGS:
                yield "shell", body
            elif lang in PROMPT_LANGS:
                yield "prompt", body
            continue
        # a "$ " line anywhere else (indented blocks, plain text)
        if PROMPT.match(line) and (line.startswith(("    ", "\t", "$ ")) or line.lstrip().startswith("$ ")):
            body = [line]
            i += 1
            while i < n and lines[i].rstrip().endswith("\\") is False and body[-1].rstrip().endswith("\\"):
                body.append(lines[i])
                i += 1
            yield "prompt", body
            continue
        i += 1


def html_blocks(text):
    """Yields the shell blocks of an HTML page: <pre> marked console, sh,
    bash or shell, or unmarked ($-lines only)."""
    import html
    for m in PRE.finditer(text):
        body = m.group(1)
        lm = LANG.search(m.group(0)[:300])
        lang = lm.group(1).lower() if lm else ""
        body = html.unescape(re.sub(r"<[^>]+>", "", body))
        if lang in SHELL_LANGS:
            yield "shell", body.split("\n")
        elif lang in PROMPT_LANGS:
            yield "prompt", body.split("\n")


def bash_ok(text):
    r = subprocess.run(["bash", "-n", "-c", text], capture_output=True, text=True)
    if "unexpected end of file" in r.stderr or "here-document" in r.stderr:
        return "more"
    if r.returncode == 0:
        return "ok"
    if False:
        return "more"
    return "bad"


def clean(cmd):
    cmd = PLACEHOLDER.sub(lambda m: m.group(1).replace(" ", "-").replace("|", "-"), cmd)
    return cmd.strip()


def prose(cmd):
    first = cmd.split("\n", 1)[0].strip()
    if not FIRST.match(first) or first.split()[0].endswith(":"):
        return True
    if ENGLISH.match(first):
        return True
    if first.endswith(":") and " " in first:
        return True
    if re.search(r"[a-z]\.$", first) and len(first.split()) > 4:
        return True
    if re.match(r"^[A-Z][a-z]+ [a-z]+ [a-z]+", first):
        return True
    if re.match(r"^(?:\d+ \||let |called `)", first):
        return True  # compiler output quoted in a console block
    if first.startswith(("http://", "https://", "[", "{", "//", "--", "-", ".. ")):
        return first.startswith(("[[", "{ "))is False
    return False


def commands(kind, body):
    """Yields the command texts of one block."""
    # strip common indentation
    ind = min((len(l) - len(l.lstrip()) for l in body if l.strip()), default=0)
    body = [l[ind:].rstrip() for l in body]
    pending = []
    j = 0
    while j < len(body):
        line = body[j]
        j += 1
        if not pending:
            m = PROMPT.match(line)
            if m:
                line = m.group(1)
            elif kind == "prompt":
                continue
            if not line.strip() or line.lstrip().startswith("#"):
                continue
        else:
            m = PROMPT.match(line)
            if m and kind == "prompt" and not pending[-1].endswith("\\"):
                line = line  # a continuation of a multi-line command starting with "> "
        if pending and line.startswith("> "):
            line = line[2:]
        pending.append(line)
        text = "\n".join(pending)
        if len(pending) > 25:
            pending = []
            continue
        st = "more" if text.endswith("\\") and j < len(body) else bash_ok(text)
        if st == "ok":
            pending = []
            yield text
        elif st == "bad":
            pending = []


def man_blocks(path):
    """Yields the example blocks of one man page's EXAMPLES section: lines
    starting with "$ " or with the page's own name, indented as code."""
    name = os.path.basename(path).split(".")[0]
    env = dict(os.environ, MANWIDTH="200")
    r = subprocess.run(["man", "-l", "-P", "cat", path], capture_output=True,
                       text=True, errors="replace", env=env)
    inside = False
    block = []
    for line in r.stdout.split("\n"):
        if re.match(r"^[A-Z][A-Z ]+$", line):
            inside = "EXAMPLE" in line
            continue
        if not inside:
            continue
        st = line.strip()
        if block and block[-1].rstrip().endswith("\\"):
            block.append(st)
            continue
        if block:
            yield "prompt", block
            block = []
        if st.startswith("$ ") or st.startswith("# " + name + " ") or (
                line.startswith("       ") and (st == name or st.startswith(name + " "))):
            if st.startswith("# "):
                st = st[2:]
            block = ["$ " + st[2:] if st.startswith("$ ") else "$ " + st]
    if block:
        yield "prompt", block


def main():
    args = sys.argv[1:]
    mans = []
    if args and args[0] == "--man":
        mans = [l.strip() for l in open(args[1]) if l.strip()]
        args = args[2:]
    roots = args or ([] if mans else ROOTS)
    seen = set()
    out = sys.stdout
    html_files = []
    if not args and not mans:
        for root in HTML_ROOTS:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames.sort()
                html_files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".html")]
    for path in html_files:
        for kind, body in html_blocks(read(path)):
            for cmd in commands(kind, body):
                cmd = clean(cmd)
                if not cmd or len(cmd) > 600 or prose(cmd) or cmd in seen:
                    continue
                seen.add(cmd)
                out.write(cmd.replace("\\", "\\\\").replace("\n", "\\n") + "\n")
    for path in mans:
        for kind, body in man_blocks(path):
            for cmd in commands(kind, body):
                cmd = clean(cmd)
                if not cmd or len(cmd) > 600 or prose(cmd) or cmd in seen:
                    continue
                seen.add(cmd)
                out.write(cmd.replace("\\", "\\\\").replace("\n", "\\n") + "\n")
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            if "/work/" in dirpath + "/" or "guardsh" in dirpath:
                continue
            for fn in sorted(filenames):
                path = os.path.join(dirpath, fn)
                if not is_doc(path) or os.path.islink(path):
                    continue
                text = read(path)
                if "$ " not in text and "```" not in text and "code" not in text:
                    continue
                for kind, body in blocks(text):
                    for cmd in commands(kind, body):
                        cmd = clean(cmd)
                        if not cmd or len(cmd) > 600 or prose(cmd):
                            continue
                        key = cmd
                        if key in seen:
                            continue
                        seen.add(key)
                        out.write(cmd.replace("\\", "\\\\").replace("\n", "\\n") + "\n")




MAKEVARS = {"RM": "rm -f", "MAKE": "make", "CC": "cc", "GO": "go", "PYTHON": "python3",
            "MKDIR_P": "mkdir -p", "INSTALL": "install", "SHELL": "sh", "CP": "cp", "MV": "mv"}


def recipes(roots):
    """Yields commands people run through a tool: package.json "scripts"
    values, Makefile recipe lines (a leading @ or - and $(VAR) references
    kept as make would pass them, $$ as $), tox.ini commands and
    //go:generate lines."""
    import json
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for fn in sorted(filenames):
                path = os.path.join(dirpath, fn)
                if os.path.islink(path):
                    continue
                if fn == "package.json":
                    try:
                        scripts = json.load(open(path)).get("scripts") or {}
                    except Exception:
                        continue
                    for v in scripts.values():
                        if isinstance(v, str):
                            yield v
                elif fn in ("Makefile", "GNUmakefile", "makefile") or fn.endswith(".mk"):
                    prev = ""
                    for line in read(path).split("\n"):
                        if prev:
                            line = prev + "\n" + line.lstrip()
                            prev = ""
                        if not line.startswith("\t"):
                            continue
                        if line.rstrip().endswith("\\"):
                            prev = line
                            continue
                        cmd = line.strip().lstrip("@-+").strip()
                        cmd = cmd.replace("$$", "\x00")
                        if re.match(r"^\$\((?:eval|info|warning|error|if|foreach|call|shell) ", cmd):
                            continue  # a make function, not a command
                        if "$(" in cmd:
                            # make variables: give each its name as a word, as make expands them
                            cmd = re.sub(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)", lambda m: MAKEVARS.get(m.group(1), m.group(1).lower()), cmd)
                        cmd = cmd.replace("\x00", "$")
                        yield cmd
                elif fn == "tox.ini":
                    inside = False
                    for line in read(path).split("\n"):
                        if re.match(r"^commands\s*=", line):
                            inside = True
                            rest = line.split("=", 1)[1].strip()
                            if rest:
                                yield rest
                            continue
                        if inside and line.startswith((" ", "\t")) and line.strip():
                            yield line.strip()
                        else:
                            inside = False
                elif fn.endswith(".go"):
                    text = read(path)
                    for m in re.finditer(r"^//go:generate (.+)$", text, re.M):
                        yield m.group(1)


ROFF = [("\\-", "-"), ("\\(aq", "'"), ("\\(dq", '"'), ("\\(em", "-"), ("\\&", ""), ("\\ ", " "), ("\\e", "\\")]


def gcloud_examples(paths):
    """Yields the example blocks ($-lines and what follows them) of the
    Cloud SDK's man pages, read from their roff source (rendering 16,000
    pages is slow)."""
    for path in paths:
        inside = False
        block = None
        for line in read(path).split("\n"):
            if line.startswith(".SH"):
                inside = "EXAMPLE" in line
                continue
            if not inside:
                continue
            if line.startswith(".RS"):
                block = []
                continue
            if line.startswith(".RE"):
                if block:
                    yield "prompt", block
                block = None
                continue
            if block is None or line.startswith("."):
                continue
            for a, b in ROFF:
                line = line.replace(a, b)
            block.append(line)


def main_recipes(roots):
    seen = set()
    for cmd in recipes(roots):
        cmd = cmd.strip()
        if not cmd or cmd.startswith("#") or len(cmd) > 600 or cmd in seen or bash_ok(cmd) != "ok":
            continue
        seen.add(cmd)
        sys.stdout.write(cmd.replace("\\", "\\\\").replace("\n", "\\n") + "\n")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--gcloud"]:
        import glob
        seen = set()
        for kind, body in gcloud_examples(sorted(glob.glob("/usr/share/man/man1/gcloud*.1.gz"))):
            for cmd in commands(kind, body):
                cmd = clean(cmd)
                if cmd and cmd not in seen and len(cmd) <= 600:
                    seen.add(cmd)
                    sys.stdout.write(cmd.replace("\\", "\\\\").replace("\n", "\\n") + "\n")
    elif sys.argv[1:2] == ["--recipes"]:
        main_recipes(sys.argv[2:] or ROOTS)
    else:
        main()
