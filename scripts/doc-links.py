#!/usr/bin/env python3
"""doc-links.py [ROOT] - every relative link of README.md and docs/**/*.md
resolves: the file or folder exists, and an anchor (#section) names a heading
of the target (GitHub's slug: lower case, punctuation dropped, spaces as
hyphens; a repeated heading's -1, -2 ... too). Prints each broken link as
FILE:LINE: target, and exits 1 when there is any."""
import glob
import os
import re
import sys

LINK = re.compile(r"\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#+)\s+(.*?)\s*#*\s*$")


def slugs(path):
    seen, out, fence = {}, set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = None if fence else HEADING.match(line)
        if not m:
            continue
        s = re.sub(r"[^\w\- ]", "", m.group(2).strip().lower()).replace(" ", "-")
        n = seen.get(s, 0)
        seen[s] = n + 1
        out.add(s if n == 0 else "%s-%d" % (s, n))
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    files = [os.path.join(root, "README.md")] + sorted(
        glob.glob(os.path.join(root, "docs", "**", "*.md"), recursive=True))
    cache, bad, count = {}, 0, 0
    for f in files:
        fence = False
        for no, line in enumerate(open(f, encoding="utf-8"), 1):
            if line.startswith("```"):
                fence = not fence
            if fence:
                continue
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[a-z]+:", target):  # http:, mailto: ...
                    continue
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(f), path)) if path else f
                count += 1
                why = None
                if not os.path.exists(dest):
                    why = "no such file"
                elif anchor and dest.endswith(".md"):
                    if dest not in cache:
                        cache[dest] = slugs(dest)
                    if anchor not in cache[dest]:
                        why = "no heading #" + anchor
                if why:
                    bad += 1
                    print("%s:%d: %s (%s)" % (os.path.relpath(f, root), no, target, why))
    print("doc-links: %d links in %d files, %d broken" % (count, len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
