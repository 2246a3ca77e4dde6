"""docs/bad-input.md cannot rot: every row of its tables names at least one
test, and every test it names exists in the tree, in a file that ctest runs
(named in the CMakeLists.txt of its folder).

A test is written `path::Suite.Test` (GoogleTest: TEST or TEST_F) or
`path::Class.method` / `path::function` (Python).

Usage: bad_input_doc_test.py SOURCE_DIR
"""

import os
import re
import sys

COLUMNS = ["input", "where", "status", "message", "reason", "test"]
REFERENCE = re.compile(r"`(tests/[^`:]+)::([A-Za-z_][\w.]*)`")


def rows(document):
    """The table rows of the document, as lists of cells, header rows skipped."""
    for number, line in enumerate(document.splitlines(), 1):
        if not line.startswith("|") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip()[1:-1].split("|")]
        if cells == COLUMNS:
            continue
        yield number, cells


def defines(path, text, name):
    if path.endswith(".cpp"):
        suite, _, test = name.partition(".")
        return bool(test) and re.search(
            r"\bTEST(?:_F)?\(\s*%s\s*,\s*%s\s*\)" % (re.escape(suite), re.escape(test)), text)
    owner, _, method = name.rpartition(".")
    if owner and not re.search(r"^class %s\b" % re.escape(owner), text, re.M):
        return False
    return re.search(r"^\s*def %s\(" % re.escape(method), text, re.M)


def problems(root):
    with open(os.path.join(root, "docs", "bad-input.md"), encoding="utf-8") as f:
        document = f.read()
    found = []
    count = 0
    for number, cells in rows(document):
        count += 1
        where = "docs/bad-input.md:%d" % number
        if len(cells) != len(COLUMNS):
            found.append("%s: %d cells, not %d" % (where, len(cells), len(COLUMNS)))
            continue
        if not cells[2]:
            found.append("%s: no status" % where)
        references = REFERENCE.findall(cells[-1])
        if not references:
            found.append("%s: names no test" % where)
        for path, name in references:
            full = os.path.join(root, path)
            if not os.path.isfile(full):
                found.append("%s: no file %s" % (where, path))
                continue
            with open(full, encoding="utf-8") as f:
                if not defines(path, f.read(), name):
                    found.append("%s: %s has no test %s" % (where, path, name))
            cmake = os.path.join(os.path.dirname(full), "CMakeLists.txt")
            with open(cmake, encoding="utf-8") as f:
                if os.path.basename(path) not in f.read():
                    found.append("%s: %s is not in %s, so ctest never runs it"
                                 % (where, path, os.path.relpath(cmake, root)))
    if count < 40:
        found.append("docs/bad-input.md: only %d rows read; is the table format intact?" % count)
    return found, count


def main():
    found, count = problems(sys.argv[1])
    for problem in found:
        print(problem)
    if found:
        return 1
    print("docs/bad-input.md: %d rows, every test found" % count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
