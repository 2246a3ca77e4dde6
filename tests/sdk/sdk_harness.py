"""What every installed-SDK test does: install the build into a fresh
temporary prefix, build a project outside the tree against that prefix
alone, prove that nothing names the source or build tree, and drive the
installed game-host and game-client. Used by installed_sdk_test.py and
reversi_sdk_test.py.

No LD_LIBRARY_PATH anywhere: the installed programs find their libraries
through their relative RPATHs.
"""
import contextlib
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# Variables through which a build could find the tree without naming it.
_LEAKY_VARIABLES = ("LD_LIBRARY_PATH", "CMAKE_PREFIX_PATH", "PKG_CONFIG_PATH", "CPATH",
                    "LIBRARY_PATH", "CMAKE_MODULE_PATH")


def run(command, **kw):
    print("$ " + " ".join(command), flush=True)
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)
    if done.returncode != 0:
        sys.exit("failed (%d):\n%s" % (done.returncode, done.stdout[-4000:]))
    return done.stdout


def find_leaks(root, forbidden, text_only=False):
    """Files under root whose bytes hold one of the forbidden paths."""
    leaks = []
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.islink(path):
                continue
            with open(path, "rb") as f:
                data = f.read()
            if text_only and b"\0" in data[:4096]:
                continue
            for bad in forbidden:
                if bad.encode() in data:
                    leaks.append("%s names %s" % (path, bad))
    return leaks


def clean_env():
    env = dict(os.environ)
    for var in _LEAKY_VARIABLES:
        env.pop(var, None)
    return env


@contextlib.contextmanager
def temporary_folder(forbidden, prefix):
    tmp = tempfile.mkdtemp(prefix=prefix)
    if any(tmp.startswith(f) for f in forbidden):
        sys.exit("the temporary folder %s lies inside the tree" % tmp)
    try:
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def install(cmake, build, prefix, forbidden, env):
    """Installs the build into prefix and checks that it names nothing of
    the tree and that the programs find their libraries relatively."""
    run([cmake, "--install", build, "--prefix", prefix], env=env)
    leaks = find_leaks(prefix, forbidden, text_only=True)
    if leaks:
        sys.exit("the install refers to the tree:\n" + "\n".join(leaks))
    for program in ("game-host", "game-client", "rules-page"):
        dynamic = run(["readelf", "-d", os.path.join(prefix, "bin", program)])
        runpath = re.findall(r"\((?:RUNPATH|RPATH)\).*\[(.*)\]", dynamic)
        if not runpath or not runpath[0].startswith("$ORIGIN") or forbidden[0] in runpath[0]:
            sys.exit("%s: RUNPATH %r is not relative to the program" % (program, runpath))


def build_outside(cmake, generator, project, tmp, name, prefix, forbidden, env):
    """Copies project out of the tree, configures it with
    CMAKE_PREFIX_PATH=<prefix> alone, builds it, and fails if it was not
    compiled against the prefix's headers or if any of its build files or
    outputs names the tree. Returns the build folder."""
    src = os.path.join(tmp, name + "-src")
    out = os.path.join(tmp, name + "-build")
    shutil.copytree(project, src)
    run([cmake, "-S", src, "-B", out, "-G", generator,
         "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
         "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"], env=env)
    run([cmake, "--build", out, "-j2"], env=env)
    compile_commands = open(os.path.join(out, "compile_commands.json")).read()
    if prefix + "/include" not in compile_commands:
        sys.exit("%s was not compiled against the prefix's headers" % name)
    leaks = find_leaks(out, forbidden)
    if leaks:
        sys.exit("the out-of-tree build refers to the tree:\n" + "\n".join(leaks))
    return out


def check_exports(plugin):
    exported = run(["nm", "-D", "--defined-only", plugin])
    if "boardgame_plugin" not in exported or len(exported.split("\n")) > 4:
        sys.exit("%s exports more than its entry table:\n%s" % (plugin, exported))


def installed_plugin_dir(prefix):
    plugin_dirs = glob.glob(os.path.join(prefix, "lib*", "**", "club-games", "plugins"),
                            recursive=True)
    if len(plugin_dirs) != 1:
        sys.exit("expected one installed plugin folder, found %s" % plugin_dirs)
    return plugin_dirs[0]


@contextlib.contextmanager
def installed_host(prefix, tmp, env, games, web=False):
    """Starts the installed game-host without --plugins (its default folder)
    on a free port, checks that it serves `games` games, and yields its
    address; stops it on the way out. With `web`, it also serves HTTP and
    must find the installed browser client by itself: it yields (address,
    the client's URL)."""
    log_path = os.path.join(tmp, "host.log")
    log = open(log_path, "w")
    http = ["--http", "127.0.0.1:0"] if web else []
    host = subprocess.Popen([os.path.join(prefix, "bin", "game-host"),
                             "--listen", "127.0.0.1:0", "--store", "memory"] + http,
                            stdout=subprocess.PIPE, stderr=log, text=True, env=env)
    try:
        line = host.stdout.readline()
        match = re.search(r"127\.0\.0\.1:(\d+)\s*$", line)
        if not match:
            sys.exit("game-host did not start: %r\n%s" % (line, open(log_path).read()))
        address = "127.0.0.1:" + match.group(1)
        client = None
        while web and client is None:
            line = host.stdout.readline()
            if not line:
                sys.exit("game-host serves no browser client:\n" + open(log_path).read())
            client = re.match(r"web client on (http://\S+)", line)
        host_log = open(log_path).read()
        print(host_log, flush=True)
        if "plugins from " + installed_plugin_dir(prefix) not in host_log:
            sys.exit("game-host did not use its default plugin folder")
        if "serving %d game(s)" % games not in host_log:
            sys.exit("game-host does not serve the %d games" % games)
        if web and "browser client from " + os.path.join(prefix, "share", "club-games", "web") \
                not in host_log:
            sys.exit("game-host did not serve the installed browser client")
        yield (address, client.group(1)) if web else address
    finally:
        host.terminate()
        host.wait(10)
        log.close()


def play_demo(prefix, address, game, tmp, env, timeout=150):
    """A CPU-against-CPU demo of game in the installed game-client, played
    to its result line; returns that line."""
    client_env = dict(env, XDG_DATA_HOME=os.path.join(tmp, "data"))
    started = time.time()
    demo = subprocess.run(
        [os.path.join(prefix, "bin", "game-client"), "--host", address,
         "--mode", "demo", "--game", game, "--level", "novato", "--cpu-ms", "20",
         "--lang", "en", "--color", "never"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env=client_env, timeout=timeout)
    lines = [l for l in demo.stdout.splitlines() if l.strip()]
    if demo.returncode != 0 or not lines or not lines[-1].startswith("Result: "):
        sys.exit("the %s demo failed (%d):\n%s" % (game, demo.returncode, demo.stdout[-3000:]))
    print("%s: %s (%.1f s)" % (game, lines[-1], time.time() - started), flush=True)
    return demo.stdout


def play_typed(prefix, address, game, lines, tmp, env, *options, timeout=60):
    """The installed game-client playing `game` with `lines` typed at its
    prompts; returns everything it printed."""
    client_env = dict(env, XDG_DATA_HOME=os.path.join(tmp, "typed-data"))
    client = subprocess.run(
        [os.path.join(prefix, "bin", "game-client"), "--host", address, "--game", game,
         "--lang", "en", "--color", "never"] + list(options),
        input="\n".join(lines) + "\n", stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env=client_env, timeout=timeout)
    if client.returncode != 0:
        sys.exit("game-client failed (%d):\n%s" % (client.returncode, client.stdout[-3000:]))
    return client.stdout

