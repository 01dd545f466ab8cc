"""A terminal that answers nothing: runs a program on a pseudo-terminal of 80x24 that never
replies to a query (no status report, no device attributes, no colour), reads what it
draws, and prints as JSON when its first byte came, when `NEEDLE` came (ms from start),
and how many status requests it sent; then, SILENT_QUIT_AFTER seconds later (0 unless
set), sends q and reports how long the program took to end, and its exit code.

usage: silent_terminal.py NEEDLE PROGRAM [ARGUMENT...]"""
import json, os, pty, select, shutil, signal, struct, sys, tempfile, termios, fcntl, time

needle = sys.argv[1].encode()
argv = sys.argv[2:]
# A store of its own, empty, as on a first run; removed at the end.
state = tempfile.mkdtemp(prefix="shimmerfeed-e2e-silent-")
start = time.monotonic()
pid, fd = pty.fork()
if pid == 0:
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", XDG_STATE_HOME=state, XDG_CACHE_HOME=state)
    os.execve(argv[0], argv, env)
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
output = bytearray()
first = found = None
deadline = start + 5
while time.monotonic() < deadline and found is None:
    ready, _, _ = select.select([fd], [], [], 0.01)
    if not ready:
        continue
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    now = time.monotonic()
    if first is None:
        first = now
    output += chunk
    if needle in output:
        found = now
pause_end = time.monotonic() + float(os.environ.get("SILENT_QUIT_AFTER", "0"))
while time.monotonic() < pause_end:
    ready, _, _ = select.select([fd], [], [], 0.01)
    if not ready:
        continue
    try:
        output += os.read(fd, 65536)
    except OSError:
        break
os.write(fd, b"q")
quit_at = time.monotonic()
code = ended = None
end = time.monotonic() + 5
while time.monotonic() < end:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        ended = time.monotonic()
        code = os.waitstatus_to_exitcode(status)
        break
    select.select([fd], [], [], 0.01)
    try:
        os.read(fd, 65536)
    except OSError:
        pass
if code is None:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
shutil.rmtree(state, ignore_errors=True)
ms = lambda moment: None if moment is None else round((moment - start) * 1000, 1)
quit_ms = None if ended is None else round((ended - quit_at) * 1000, 1)
print(json.dumps({"first_byte_ms": ms(first), "found_ms": ms(found), "status_requests": output.count(b"\x1b[5n"),
                  "quit_ms": quit_ms, "exit_code": code}))
