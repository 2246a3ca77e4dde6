"""A game-host with --http for the HTTP tests, started on free ports."""
import os
import resource
import shutil
import subprocess
import tempfile


def raise_file_limit(wanted=8192):
    """Lifts this process's limit of open files towards `wanted` (games
    hosts started after inherit it), and returns the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if target > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def copy_without_client(game_host, folder):
    """Puts game-host into folder/bin/ and returns the new path. No browser
    client lies beside it (folder/web, folder/share/...) unless the caller
    puts one there, whereas the build tree's game-host serves build/web once
    the client is built. A hard link where the file system allows it: the
    program finds its folders from the path it was started by, and a
    sanitizer build's game-host is over 100 MiB to copy."""
    os.makedirs(os.path.join(folder, "bin"), exist_ok=True)
    path = os.path.join(folder, "bin", "game-host")
    try:
        os.link(game_host, path)
        return path
    except OSError:
        return shutil.copy2(game_host, path)


def start(game_host, plugins, announced="rules pages on http://", args=()):
    """Starts game-host with a memory store and `args`; returns (process,
    HTTP port) once it has printed the line that starts with `announced`."""
    log = tempfile.TemporaryFile(mode="w+")
    host = subprocess.Popen(
        [game_host, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0", "--plugins", plugins,
         "--store", "memory"] + list(args),
        stdout=subprocess.PIPE, stderr=log, text=True)
    host.log = log
    for line in host.stdout:
        if line.startswith(announced):
            return host, int(line.split("http://127.0.0.1:")[1].split("/")[0])
    host.kill()
    raise AssertionError("game-host did not print '%s…'" % announced)


def log_so_far(host):
    """What the host has written to stderr so far."""
    return os.pread(host.log.fileno(), 1 << 20, 0).decode("utf-8", "replace")


def stop(host):
    """Stops the host and checks that it stopped cleanly (under the
    sanitizers, that includes their verdict)."""
    host.terminate()
    try:
        code = host.wait(timeout=30)
    except subprocess.TimeoutExpired:
        # Say where it hangs before giving up on it.
        stacks = subprocess.run(["gdb", "-p", str(host.pid), "-batch", "-ex", "thread apply all bt"],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                timeout=120).stdout
        host.kill()
        host.wait()
        raise AssertionError("game-host did not stop within 30 s of SIGTERM:\n%s\n%s"
                             % (log_so_far(host)[-4000:], stacks[-12000:]))
    host.log.seek(0)
    log = host.log.read()
    host.log.close()
    host.stdout.close()
    if code != 0:
        raise AssertionError("game-host exited with %d:\n%s" % (code, log[-4000:]))
