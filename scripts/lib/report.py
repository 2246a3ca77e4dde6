"""Prints what scripts/lib/phases.sh recorded: each phase's configure, build
and test wall times, its test count, and the slowest tests of the run."""
import collections
import pathlib
import sys
import xml.etree.ElementTree as ET

SLOWEST = 20


def main(folder):
    folder = pathlib.Path(folder)
    steps = collections.OrderedDict()
    began, ended = float("inf"), 0.0
    steps_file = folder / "steps.tsv"
    if steps_file.exists():
        for line in steps_file.read_text().splitlines():
            phase, step, start, end = line.split("\t")
            start, end = float(start.replace(",", ".")), float(end.replace(",", "."))
            began, ended = min(began, start), max(ended, end)
            times = steps.setdefault(phase, collections.Counter())
            times[step] += end - start
    if not steps:
        return

    counts = {}
    tests = []
    for phase in steps:
        junit = folder / f"{phase}.xml"
        if not junit.exists():
            continue
        ran = failed = skipped = 0
        for case in ET.parse(junit).getroot().iter("testcase"):
            if case.get("status") in ("disabled", "notrun"):
                skipped += 1
                continue
            ran += 1
            failed += case.get("status") == "fail"
            tests.append((float(case.get("time", 0)), phase, case.get("name")))
        counts[phase] = (ran, failed, skipped)

    print("\n== wall time of each phase (s)")
    print(f"{'phase':<10}{'configure':>10}{'build':>8}{'test':>8}{'total':>8}  tests")
    total = collections.Counter()
    for phase, times in steps.items():
        total.update(times)
        ran, failed, skipped = counts.get(phase, (0, 0, 0))
        tested = f"{ran - failed} passed, {failed} failed, {skipped} skipped" \
            if phase in counts else "-"
        print(f"{phase:<10}{times['configure']:>10.0f}{times['build']:>8.0f}"
              f"{times['test']:>8.0f}{sum(times.values()):>8.0f}  {tested}")
    print(f"{'all':<10}{total['configure']:>10.0f}{total['build']:>8.0f}"
          f"{total['test']:>8.0f}{sum(total.values()):>8.0f}")
    print(f"elapsed: {ended - began:.0f} s (a build behind the tests before it overlaps them)")

    print(f"\n== the {SLOWEST} slowest tests (s)")
    for seconds, phase, name in sorted(tests, reverse=True)[:SLOWEST]:
        print(f"{seconds:>8.1f}  {phase:<7} {name}")
    ran, failed, skipped = (sum(column) for column in zip(*counts.values())) if counts else (0, 0, 0)
    print(f"\ntests: {ran - failed} passed, {failed} failed, {skipped} skipped")


if __name__ == "__main__":
    main(sys.argv[1])
