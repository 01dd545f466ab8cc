"""`make mutate`: plants each bug of mutations.py, one at a time, in a scratch copy of the
working tree, runs the tests that should catch it (a filter for swift test, or a make
target), and prints a table of caught and survived. Exits non-zero if any survived (or
a mutation no longer applies). Takes minutes: not part of CI; run it before a release.

usage: mutate.py REPO SCRATCH [NAME…]   (NAME: only the planted bugs whose name holds it)
       mutate.py --check REPO   (in seconds, for `make lint`: that every planted bug still
                                 applies, its text found once in its file)"""
import os, shutil, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mutations import MUTATIONS


def run(command, cwd, log):
    with open(log, "ab") as out:
        return subprocess.run(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def unapplied(repo):
    """The planted bugs whose file is gone or whose text is not found exactly once in it:
    a refactor moved the code they plant in."""
    result = []
    for name, path, original, _, _ in MUTATIONS:
        file = os.path.join(repo, path)
        if not os.path.exists(file):
            result.append(f"{name}: {path} does not exist")
        elif (count := open(file).read().count(original)) != 1:
            result.append(f"{name}: its text is found {count} times in {path}")
    return result


def main():
    if sys.argv[1] == "--check":
        problems = unapplied(sys.argv[2])
        for problem in problems:
            print(f"mutation does not apply: {problem}", file=sys.stderr)
        return 1 if problems else 0
    repo, scratch = sys.argv[1], sys.argv[2]
    copy = os.path.join(scratch, "tree")
    shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".build", ".git"))
    log = os.path.join(scratch, "mutate.log")
    print("building the scratch copy…", flush=True)
    if run(["swift", "build", "--build-tests"], copy, log) != 0:
        print(f"the unmutated copy does not build; see {log}")
        return 2
    rows, failed = [], False
    only = sys.argv[3:]
    for name, path, original, planted, tests in MUTATIONS:
        if only and not any(word in name for word in only):
            continue
        file = os.path.join(copy, path)
        with open(file) as f:
            source = f.read()
        if source.count(original) != 1:
            rows.append((name, "DOES NOT APPLY", tests, 0))
            failed = True
            continue
        start = time.monotonic()
        try:
            with open(file, "w") as f:
                f.write(source.replace(original, planted))
            if run(["swift", "build", "--build-tests"], copy, log) != 0:
                verdict = "DOES NOT BUILD"
                failed = True
            else:
                # A test filter, or a make target for the tiers swift test cannot hold (the
                # pixels in a real xterm).
                command = tests.split() if tests.startswith("make ") else [
                    "swift", "test", "--skip-build", "--filter", tests]
                status = run(command, copy, log)
                verdict = "caught" if status != 0 else "SURVIVED"
                failed |= status == 0
        finally:
            with open(file, "w") as f:
                f.write(source)
        rows.append((name, verdict, tests, time.monotonic() - start))
        print(f"  {verdict:14} {name}", flush=True)
    width = max(len(row[0]) for row in rows)
    print(f"\n| {'planted bug':{width}} | result | tests | seconds |")
    print(f"| {'-' * width} | --- | --- | --- |")
    for name, verdict, tests, seconds in rows:
        print(f"| {name:{width}} | {verdict} | {tests.replace('|', ', ')} | {seconds:.0f} |")
    caught = sum(1 for row in rows if row[1] == "caught")
    print(f"\nmutate: {caught} caught, {len(rows) - caught} not caught, of {len(rows)} planted bugs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
